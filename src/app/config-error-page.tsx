import type { i18n } from 'i18next';

// Last resort when even the translations could not be loaded.
const FALLBACK = {
  title: "This page can't be shown right now",
  text: "The app isn't set up correctly. Please try again later. If this keeps happening, contact the bike brand's support team.",
};

/** Shown instead of the app when `/assets/config.json` is missing or broken: never a blank screen. */
export function ConfigErrorPage({ i18n, detail }: { i18n: i18n | null; detail: string }) {
  const translated = i18n?.exists('config-error.title') ?? false;
  const title = translated ? i18n!.t('config-error.title') : FALLBACK.title;
  const text = translated ? i18n!.t('config-error.text') : FALLBACK.text;
  return (
    <div className="app-root">
      <header className="brand-header">
        <div className="brand-header__inner">
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
