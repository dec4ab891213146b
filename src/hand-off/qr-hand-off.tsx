import { Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useDevice } from '../device/device-query.ts';
import { appPath, paths } from '../contract/paths.ts';
import { useHydrated } from '../ui/use-hydrated.ts';
import { QrCode } from './qr-code.tsx';

/** The app-download page's absolute address: a phone that scans it goes on to its own store. */
export function appDownloadUrl(origin: string): string {
  return new URL(appPath(paths.appDownload()), origin).href;
}

/** On a computer, once hydrated: a QR code of the app-download page, and its address as a link. Nothing on a phone. */
export function QrHandOff() {
  const { t } = useTranslation();
  const titleId = useId();
  const { isMobile } = useDevice();
  const hydrated = useHydrated();
  // Its address is this page's origin, which the browser knows: not on a page the server renders.
  if (isMobile || !hydrated) return null;
  const address = appDownloadUrl(window.location.origin);
  // Named by its short title, heard once; the link says what it opens before the address.
  return (
    <figure className="qr-hand-off" aria-labelledby={titleId}>
      <div className="qr-hand-off__code">
        <Suspense fallback={null}>
          <QrCode value={address} label={t('qr-hand-off.alt')} />
        </Suspense>
      </div>
      <figcaption className="qr-hand-off__caption">
        <p className="qr-hand-off__title" id={titleId} aria-hidden="true">
          {t('qr-hand-off.title')}
        </p>
        <p className="card__text">{t('qr-hand-off.text')}</p>
        <a className="qr-hand-off__address" href={address} aria-label={t('qr-hand-off.link', { address })}>
          {address}
        </a>
      </figcaption>
    </figure>
  );
}
