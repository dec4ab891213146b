import { hydrate } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/app.tsx';
import { ConfigErrorPage } from './app/config-error-page.tsx';
import { createQueryClient } from './app/query-client.ts';
import { appRoutes } from './app/routes.tsx';
import { trackViewportHeight } from './app/viewport-height.ts';
import { createSession } from './auth/session.ts';
import { readStartupParams } from './auth/startup-params.ts';
import { applyTheme } from './brand/apply-theme.ts';
import { themeFor } from './brand/themes.ts';
import { bikeApiBase, loadConfig, type ConfigResult } from './config/load-config.ts';
import { detectBrowserDevice } from './device/use-device.ts';
import { languageCandidates, takeLinkLanguage } from './i18n/choose-language.ts';
import { createI18n, fetchTexts, loadLanguage, setupI18n } from './i18n/setup-i18n.ts';
import { fetchInvite } from './invite/invite-api.ts';
import { APP_ROOT, isAppPath, ROUTE_PREFIX } from './contract/paths.ts';
import { chooseLanguage, languageOf, languageRow, SUPPORTED_LANGUAGES, type Language } from './contract/languages.ts';
import { readServerData } from './ssr/server-data.ts';
import './ui/ui.css';

// Start-up, top to bottom: config and texts from the page's data when the server rendered it, else
// fetched; then the session, the query cache and the router; then hydrate or render.

/** <html lang dir> from the language table. */
function setPageLanguage(language: string): void {
  document.documentElement.setAttribute('lang', language);
  const known = languageOf(language);
  if (known) document.documentElement.setAttribute('dir', languageRow(known).dir);
}

/** Keeps <html lang> on the texts' language; with `chosen`, changes to it once its texts are in. */
function followLanguage(i18n: I18n, chosen?: Language): void {
  setPageLanguage(i18n.resolvedLanguage ?? i18n.language);
  i18n.on('languageChanged', setPageLanguage);
  if (chosen && chosen !== i18n.language)
    void loadLanguage(i18n, chosen).then((ok) => (ok ? i18n.changeLanguage(chosen) : undefined));
}

/** The config error page, in the browser's language: never a blank screen. */
async function showConfigError(root: HTMLElement, problem: string): Promise<void> {
  const i18n = await setupI18n(chooseLanguage(languageCandidates(), SUPPORTED_LANGUAGES), SUPPORTED_LANGUAGES);
  followLanguage(i18n);
  createRoot(root).render(<ConfigErrorPage i18n={i18n} detail={problem} />);
}

// A function, not top-level await: this entry must finish evaluating before the chunks it loads
// (which import from it) can run.
async function start(): Promise<void> {
  // Yields once, so evaluating the code and the set-up below are two tasks, not one long one.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const rootElement = document.getElementById('root')!;
  const serverData = readServerData();
  if (!isAppPath(window.location.pathname)) {
    window.history.replaceState(null, '', `${APP_ROOT}${window.location.search}`);
  }
  // An invite link's `lang` is kept for this tab and taken off the address (decision 0014).
  window.history.replaceState(window.history.state, '', takeLinkLanguage(window.location.href));
  const startup = readStartupParams(window.location.search);
  trackViewportHeight();

  const loaded: ConfigResult = serverData ? { ok: true, config: serverData.config } : await loadConfig();
  if (!loaded.ok) return showConfigError(rootElement, `${loaded.problem}: ${loaded.detail}`);
  const { config } = loaded;
  applyTheme(themeFor(config.app));

  const session = createSession(config, {
    root: APP_ROOT,
    toRoot: () => window.location.assign(APP_ROOT),
    reload: (href) => window.location.replace(href),
    // The same page, so the router's page and state stay; only the parameters leave the address.
    show: (href) => window.history.replaceState(window.history.state, '', href),
  });
  const queryClient = createQueryClient({
    readInvite: (code, signal) => fetchInvite(session.http, bikeApiBase(config), code, signal),
    retries: true,
    detectDevice: detectBrowserDevice,
  });
  if (serverData) hydrate(queryClient, serverData.queries);
  const router = createBrowserRouter(appRoutes(queryClient), {
    basename: ROUTE_PREFIX,
    hydrationData: serverData?.router,
  });
  session.start(startup);

  const chosen = chooseLanguage(languageCandidates(), config.languages, config.defaultLanguage);
  const language = serverData?.language ?? chosen;
  const texts = serverData?.texts ?? (await fetchTexts(language, config.languages));
  const i18n = createI18n(language, config.languages, texts);
  const app = (
    <App
      config={config}
      i18n={i18n}
      startup={startup}
      session={session}
      queryClient={queryClient}
      router={router}
      // A page the server rendered in another language than this browser's choice follows it once hydrated.
      onCommitted={() => followLanguage(i18n, chosen)}
    />
  );
  // Loud, so that a test fails on any difference between the server's HTML and the first render.
  const hydrateApp = () =>
    hydrateRoot(rootElement, app, { onRecoverableError: (error) => console.error('Hydration failed:', error) });
  // A tap made before the app ran is waiting: hydrate at once. Otherwise as a time-sliced
  // transition (decision 0016).
  if (serverData && window.bikeInviteTaps?.waiting()) return void hydrateApp();
  startTransition(() => {
    if (!serverData) return void createRoot(rootElement).render(app);
    hydrateApp();
  });
}

void start();
