import type { i18n } from 'i18next';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES } from '../contract/languages.ts';
import { LanguageSwitcher } from '../i18n/language-switcher.tsx';
import { createI18n } from '../i18n/setup-i18n.ts';
import { useDocumentTitle } from '../ui/use-document-title.ts';
import type { BootFailure } from './boot.ts';
import { followLanguage } from './page-language.ts';
import { createRoot } from './react-root.ts';

// Last resort when even the translations could not be loaded.
const FALLBACK = {
  title: "This page can't be shown right now",
  text: "The app isn't set up correctly. Please try again later. If this keeps happening, contact the bike brand's support team.",
};

function ConfigErrorView({ title, text, detail, switcher }: typeof FALLBACK & { detail: string; switcher: boolean }) {
  useDocumentTitle(title);
  return (
    <div className="app-root">
      <header className="brand-header">
        <div className="brand-header__inner">
          {/* Without a config every supported language is offered. */}
          {switcher && (
            <div className="brand-header__bar">
              <LanguageSwitcher offered={SUPPORTED_LANGUAGES} />
            </div>
          )}
          <h1 className="brand-header__title">{title}</h1>
        </div>
      </header>
      <main className="page">
        <div className="alert" role="alert">
          <p className="card__text">{text}</p>
        </div>
        <pre className="code-block" data-testid="config-error-detail">
          {detail}
        </pre>
      </main>
    </div>
  );
}

function TranslatedConfigError({ detail }: { detail: string }) {
  const { t } = useTranslation();
  return <ConfigErrorView title={t('config-error.title')} text={t('config-error.text')} detail={detail} switcher />;
}

/** Shown instead of the app when `/assets/config.json` is missing or broken: never a blank screen. */
export function ConfigErrorPage({ i18n, detail }: { i18n: i18n; detail: string }) {
  if (!i18n.exists('config-error.title')) return <ConfigErrorView {...FALLBACK} detail={detail} switcher={false} />;
  return (
    <I18nextProvider i18n={i18n}>
      <TranslatedConfigError detail={detail} />
    </I18nextProvider>
  );
}

/** Shows the config error page in place of the app, in the browser's language, set up as the app's texts are. */
export async function showConfigError(root: HTMLElement, { problem, language, texts }: BootFailure): Promise<void> {
  const i18n = createI18n(language, SUPPORTED_LANGUAGES, await texts);
  followLanguage(i18n);
  createRoot(root).render(<ConfigErrorPage i18n={i18n} detail={problem} />);
}
