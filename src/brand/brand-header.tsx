import { useTranslation } from 'react-i18next';
import { useBrandName, useConfig } from '../config/config-context.tsx';
import { LanguageSwitcher } from '../i18n/language-switcher.tsx';
import { useDocumentTitle } from '../ui/use-document-title.ts';

/** The brand's header (logo, language switcher, title); the document's title is the page's and the brand. */
export function BrandHeader({ title, documentTitle }: { title: string; documentTitle?: string }) {
  const config = useConfig();
  const { t } = useTranslation();
  const brand = useBrandName();
  useDocumentTitle(documentTitle ?? `${title} – ${brand}`);
  return (
    <header className="brand-header">
      <div className="brand-header__inner">
        <div className="brand-header__bar">
          <img
            className="brand-header__logo"
            src={config.logo}
            alt={t('app-header.logo-alt', { brand })}
            width={160}
            height={40}
            // After the photo, not preloaded: else on the photo's path in Lighthouse's simulation (decision 0048)
            fetchPriority="low"
          />
          <LanguageSwitcher offered={config.languages} />
        </div>
        <h1 className="brand-header__title" tabIndex={-1}>
          {title}
        </h1>
      </div>
    </header>
  );
}
