import { useTranslation } from 'react-i18next';
import { useConfig } from '../config/config-context.tsx';
import { useDevice } from '../device/device-query.ts';
import { AppStoreIcon, PlayIcon } from '../ui/store-icons.tsx';
import { storePlatform } from './download-target.ts';

/** On Android or iOS a floating button to its store, elsewhere both badges; suspends until the device is known. */
export function StoreLinks({ label }: { label: string }) {
  const { appLink } = useConfig();
  const { t } = useTranslation();
  const platform = storePlatform(useDevice().os);

  if (platform) {
    const Icon = platform === 'android' ? PlayIcon : AppStoreIcon;
    return (
      <a className="fab" href={appLink[platform]} data-platform={platform}>
        <Icon className="fab__icon" />
        <span>{label}</span>
      </a>
    );
  }
  return (
    <div className="store-badges">
      <a className="store-badge" href={appLink.android}>
        <PlayIcon className="store-badge__icon" />
        <span>{t('store.google-play')}</span>
      </a>
      <a className="store-badge" href={appLink.ios}>
        <AppStoreIcon className="store-badge__icon" />
        <span>{t('store.app-store')}</span>
      </a>
    </div>
  );
}
