import type { DehydratedState } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { startTransition, type ReactNode } from 'react';
import { createBrowserRouter, type HydrationState, type RouteObject } from 'react-router';
import type { SessionNavigation } from '../auth/session.ts';
import { readSignInReturnParams, type SignInReturnParams } from '../contract/sign-in-return.ts';
import { applyTheme } from '../brand/apply-theme.ts';
import { loadConfig } from '../config/load-config.ts';
import type { AppConfig } from '../config/schema.ts';
import {
  chooseLanguage,
  FALLBACK_LANGUAGE,
  languageOf,
  languageRow,
  SUPPORTED_LANGUAGES,
  type Language,
  type Texts,
} from '../contract/languages.ts';
import { APP_ROOT, isAppPath, ROUTE_PREFIX } from '../contract/paths.ts';
import { themeFor } from '../contract/themes.ts';
import { languageCandidates, takeLinkLanguage } from '../i18n/choose-language.ts';
import { brandTextProblems } from '../config/brand-texts.ts';
import { fetchTexts, fetchTranslations, loadLanguage } from '../i18n/setup-i18n.ts';
import { leaveServerPage, startHydration } from '../ui/use-hydrated.ts';
import type { ServerData } from './server-data.ts';

// What the browser's start (src/main.tsx) starts from: the data of a page the server rendered, or
// the config and texts fetched, each with its way of putting the app on the page.

/** React DOM's client (`react-root.ts`), a file of its own: what puts the app on the page. */
export type ReactRoot = typeof import('./react-root.ts');

/**
 * Loads React DOM's client, early in the start-up. The page fetches its file with the app's
 * (index.html preloads it, vite.config.ts; a page the server rendered names it for the page script),
 * and the browser evaluates it in a task of its own: in the app's file, its evaluation was most of
 * the entry's, the first route's longest task (decision 0033).
 */
export const loadReactRoot = (): Promise<ReactRoot> => import('./react-root.ts');

/** What the app starts from. */
export type Boot = {
  ok: true;
  config: AppConfig;
  /** The language the page is first shown in: the server's, else this browser's choice. */
  language: Language;
  /** This browser's choice, which a page the server rendered in another language follows once shown. */
  chosen: Language;
  /** The texts of `language` (and English to fall back on); fetched while the session and the routes start. */
  texts: Promise<Texts>;
  /** The router's state and the query cache the server's loaders left; none on a page the browser renders alone. */
  router?: HydrationState;
  queries?: DehydratedState;
  /**
   * Puts the app on the page: hydrates the server's HTML (which carries the brand's theme), or
   * applies the theme and renders into the empty root.
   */
  show(root: HTMLElement, app: ReactNode, dom: ReactRoot): void;
};

/** No config to start from: the problem, and the texts of the browser's language among all the app has. */
export type BootFailure = { ok: false; problem: string; language: Language; texts: Promise<Texts> };

/** Puts the address in its settled form (the app's root, no `lang`) and returns its sign-in return parameters. */
export function settleAddress(): SignInReturnParams {
  if (!isAppPath(window.location.pathname)) {
    window.history.replaceState(null, '', `${APP_ROOT}${window.location.search}`);
  }
  // An invite link's `lang` is kept for this tab and taken off the address (decision 0014).
  window.history.replaceState(window.history.state, '', takeLinkLanguage(window.location.href));
  return readSignInReturnParams(window.location.search);
}

/** A page the server rendered: everything is in its data; the app hydrates its HTML. */
export function bootFromPage(data: ServerData): Boot {
  return {
    ok: true,
    config: data.config,
    language: data.language,
    chosen: chooseLanguage(languageCandidates(), data.config.languages, data.config.defaultLanguage),
    texts: Promise.resolve(data.texts),
    router: data.router,
    queries: data.queries,
    show(root, app, dom) {
      // Loud, so that a test fails on any difference between the server's HTML and the first render.
      const hydrateApp = () =>
        void dom.hydrateRoot(root, app, { onRecoverableError: (error) => console.error('Hydration failed:', error) });
      // As a time-sliced transition, and so is the render after it that shows this browser's own
      // state: no long task, so the page script keeps taps meanwhile, and a tap kept waits for the
      // app no longer than the work itself takes (decisions 0016, 0033).
      startHydration();
      startTransition(hydrateApp);
    },
  };
}

let routerMade: () => void;
const routed = new Promise<void>((resolve) => (routerMade = resolve));

/**
 * How the session moves the browser. An address of the same page (a sign-in return's parameters
 * taken off) replaces the loaded one in place, the page staying, once the browser's router has read
 * the loaded one as the server did: the session starts before the router is made, so that a code is
 * exchanged meanwhile.
 */
export const browserNavigation: SessionNavigation = {
  root: APP_ROOT,
  toRoot: () => window.location.assign(APP_ROOT),
  reload: (href) => window.location.replace(href),
  show: (href) => void routed.then(() => window.history.replaceState(window.history.state, '', href)),
};

/**
 * The browser's router, from the server's router state on a rendered page. Once it shows another
 * page, what mounts no longer hydrates the server's HTML (told before React renders that page).
 */
export function browserRouter(routes: RouteObject[], hydrationData: HydrationState | undefined) {
  const router = createBrowserRouter(routes, { basename: ROUTE_PREFIX, hydrationData });
  routerMade();
  const shown = router.state.location;
  const unsubscribe = router.subscribe(({ location }) => {
    if (location === shown) return;
    leaveServerPage();
    unsubscribe();
  });
  return router;
}

/**
 * What is wrong with the brand's own words, checked against English's texts as the app server checks
 * them (a page it rendered carries a config it checked); none without such words.
 */
async function ownWordsProblems(config: AppConfig): Promise<string[]> {
  if (!config.texts) return [];
  const english = await fetchTranslations(FALLBACK_LANGUAGE);
  return english
    ? brandTextProblems(config.texts, english)
    : ['texts: the English texts to check them against are missing'];
}

/** A page the browser renders alone: the config, then the texts of the language it offers and this browser prefers. */
export async function bootFromNetwork(): Promise<Boot | BootFailure> {
  const loaded = await loadConfig();
  const offered = loaded.ok ? loaded.config.languages : SUPPORTED_LANGUAGES;
  const language = chooseLanguage(languageCandidates(), offered, loaded.ok ? loaded.config.defaultLanguage : undefined);
  const texts = fetchTexts(language, offered, undefined, loaded.ok ? loaded.config : undefined);
  if (!loaded.ok) return { ok: false, problem: `${loaded.problem}: ${loaded.detail}`, language, texts };
  const problems = await ownWordsProblems(loaded.config);
  if (problems.length > 0)
    return { ok: false, problem: `invalid: ${problems.join('\n')}`, language, texts: fetchTexts(language, offered) };
  return {
    ok: true,
    config: loaded.config,
    language,
    chosen: language,
    texts,
    show(root, app, dom) {
      applyTheme(themeFor(loaded.config.app));
      startTransition(() => void dom.createRoot(root).render(app));
    },
  };
}

/** <html lang dir> from the language table; only a change: the same value written again would
 * still have the page's style checked again. */
function setPageLanguage(language: string): void {
  const root = document.documentElement;
  if (root.lang !== language) root.setAttribute('lang', language);
  const known = languageOf(language);
  const dir = known ? languageRow(known).dir : undefined;
  if (dir && root.dir !== dir) root.setAttribute('dir', dir);
}

/** Keeps <html lang dir> on the texts' language; with `chosen`, changes to it once its texts are in. */
export function followLanguage(i18n: I18n, chosen?: Language): void {
  setPageLanguage(i18n.resolvedLanguage ?? i18n.language);
  i18n.on('languageChanged', setPageLanguage);
  if (chosen && chosen !== i18n.language)
    void loadLanguage(i18n, chosen).then((ok) => (ok ? i18n.changeLanguage(chosen) : undefined));
}
