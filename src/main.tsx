import { QueryClient } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadScreen } from './app/app-routes.tsx';
import { ConfigErrorPage } from './app/config-error-page.tsx';
import { ROUTE_PREFIX, routeAt } from './routing/paths.ts';
import { trackViewportHeight } from './app/viewport-height.ts';
import { createSession } from './auth/session.ts';
import { readStartupParams, type StartupParams } from './auth/startup-params.ts';
import { applyTheme } from './brand/apply-theme.ts';
import { themeFor } from './brand/themes.ts';
import { claimEarlyRequests } from './early/take-early-response.ts';
import { bikeApiBase, loadConfig, parseConfig } from './config/load-config.ts';
import { SUPPORTED_LANGUAGES, type AppConfig } from './config/schema.ts';
import type { HttpClient } from './http/http-client.ts';
import { chooseLanguage, languageCandidates, takeLinkLanguage } from './i18n/choose-language.ts';
import { loadLanguage, setupI18n, startI18n } from './i18n/setup-i18n.ts';
import { isInviteCode } from './rules/invite-code.ts';
import { inviteKey, inviteQuery } from './invite/use-invite.ts';
import { readServerData, type ServerData } from './ssr/server-data.ts';
import './ui/ui.css';

// Start-up: address (`lang` taken off) → config → translations (and, on an invite address, the
// invite) → render. Nothing renders before the config is known.

// How long the first render waits for the invite. The boot script asked for it before this code
// loaded, so normally it is already here; a slow service gets the spinner after this long instead.
const INVITE_WAIT_MS = 1000;

/**
 * On an invite address, puts the invite in the query cache before the first render, so the first
 * paint already shows it and the bike photo (the largest thing on it) is requested at once —
 * instead of a spinner, a second render, and only then the photo. Never fails; never waits long.
 */
function prefetchInvite(code: string, queryClient: QueryClient, http: HttpClient, config: AppConfig): Promise<void> {
  if (!isInviteCode(code)) return Promise.resolve();
  const prefetched = queryClient.prefetchQuery(inviteQuery(http, bikeApiBase(config), code));
  return Promise.race([prefetched, new Promise<void>((resolve) => setTimeout(resolve, INVITE_WAIT_MS))]);
}

const setLang = (language: string) => document.documentElement.setAttribute('lang', language);

function followLanguage(instance: i18n): void {
  setLang(instance.resolvedLanguage ?? instance.language);
  instance.on('languageChanged', setLang);
}

/**
 * A page the app server rendered: everything the first screen needs is in it (config, texts, the
 * invite), so nothing is fetched before React takes over the HTML. It hydrates as the server
 * rendered it — an anonymous first visit in the server's language — and then follows the browser's
 * own state: the stored session and acceptance (useHydrated), and the language chosen here.
 */
async function hydrate(data: ServerData, startup: StartupParams, rootElement: HTMLElement): Promise<void> {
  const result = parseConfig(JSON.stringify(data.config));
  if (!result.ok) {
    // The server validated this very file with the same code; only a broken page gets here.
    createRoot(rootElement).render(<ConfigErrorPage i18n={null} detail={`${result.problem}: ${result.detail}`} />);
    return;
  }
  const { config } = result;
  applyTheme(themeFor(config.app));
  const session = createSession(config, sessionHooks);
  const queryClient = new QueryClient();
  if (data.invite) queryClient.setQueryData(inviteKey(data.invite.code), data.invite.body);
  const [instance, reloading] = await Promise.all([
    startI18n(data.language, config.languages, data.texts),
    session.start(startup),
  ]);
  if (reloading) return; // back from the identity service: the page is reloading on its clean address
  followLanguage(instance);
  const chosen = chooseLanguage(languageCandidates(), config.languages);
  const followChoice = () => {
    if (chosen === data.language) return;
    void loadLanguage(instance, chosen).then((loaded) => (loaded ? instance.changeLanguage(chosen) : undefined));
  };
  startTransition(() => {
    hydrateRoot(
      rootElement,
      <App
        config={config}
        i18n={instance}
        startup={startup}
        session={session}
        queryClient={queryClient}
        onHydrated={followChoice}
      />,
      // Loud, so that a test fails on any difference between the server's HTML and the first render.
      { onRecoverableError: (error) => console.error('Hydration failed:', error) },
    );
  });
}

const sessionHooks = {
  root: `${ROUTE_PREFIX}/`,
  toRoot: () => window.location.assign(`${ROUTE_PREFIX}/`),
  reload: (href: string) => window.location.replace(href),
};

async function start(): Promise<void> {
  claimEarlyRequests();
  if (!window.location.pathname.startsWith(ROUTE_PREFIX)) {
    window.history.replaceState(null, '', `${ROUTE_PREFIX}/${window.location.search}`);
  }
  // An invite link's `lang` is kept for this tab and taken off the address (decision 0014).
  const address = takeLinkLanguage(window.location.href);
  if (address !== window.location.href) window.history.replaceState(window.history.state, '', address);
  const startup = readStartupParams(window.location.search);
  const route = routeAt(window.location.pathname);
  preloadScreen(route?.name);
  trackViewportHeight();
  const rootElement = document.getElementById('root')!;
  const serverData = readServerData();
  if (serverData) return hydrate(serverData, startup, rootElement);
  const root = createRoot(rootElement);

  const result = await loadConfig();
  if (!result.ok) {
    const language = chooseLanguage(languageCandidates(), SUPPORTED_LANGUAGES);
    const instance = await setupI18n(language, SUPPORTED_LANGUAGES).catch(() => null);
    if (instance) followLanguage(instance);
    root.render(<ConfigErrorPage i18n={instance} detail={`${result.problem}: ${result.detail}`} />);
    return;
  }

  const { config } = result;
  applyTheme(themeFor(config.app));
  const session = createSession(config, sessionHooks);
  const queryClient = new QueryClient();
  const [instance, reloading] = await Promise.all([
    setupI18n(chooseLanguage(languageCandidates(), config.languages), config.languages),
    session.start(startup),
    route?.name === 'invite' && route.code ? prefetchInvite(route.code, queryClient, session.http, config) : undefined,
  ]);
  if (reloading) return; // back from the identity service: the page is reloading on its clean address
  followLanguage(instance);
  // As a transition, React renders the first screen in slices of a few milliseconds instead of one
  // long task: on a slow phone the page stays responsive while it is built (docs/performance.md,
  // change 7: TBT 70 → 0 ms on the invite page).
  startTransition(() => {
    root.render(<App config={config} i18n={instance} startup={startup} session={session} queryClient={queryClient} />);
  });
}

void start();
