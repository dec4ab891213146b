import type { i18n as I18n } from 'i18next';
import { RouterProvider } from 'react-router/dom';
import { createApp, type App } from '../app/create-app.tsx';
import { loadFieldData } from '../app/field-loader.ts';
import { loadMatchedPages } from '../app/page-modules.ts';
import { browserSources } from '../app/data-sources.ts';
import { readServerData } from '../app/server-data.ts';
import { loadOAuth } from '../auth/load-oauth.ts';
import { createSession, type Session } from '../auth/session.ts';
import type { Texts } from '../contract/languages.ts';
import { isSignInReturn, type SignInReturnParams } from '../contract/sign-in-return.ts';
import { createI18n, translateOnce } from '../i18n/setup-i18n.ts';
import { settleAddress } from './address.ts';
import { bootFromNetwork, bootFromPage, type Boot } from './boot.ts';
import { browserNavigation, browserRouter, type BrowserNavigation } from './navigation.ts';
import { followLanguage } from './page-language.ts';
import { loadReactRoot, type ReactRoot } from './react-dom.ts';
import { trackViewportHeight } from './viewport-height.ts';

// The browser's start-up steps, in the order src/main.tsx lists them (docs/architecture.md#how-a-page-starts).

// What the steps have made: each type adds to the one before, so a step listed too early does not compile.
export type Booted = Boot & { root: HTMLElement; signInReturn: SignInReturnParams };
export type Started = Booted & { navigation: BrowserNavigation; session: Session; dom: Promise<ReactRoot>; app: App };
export type Routed = Started & { router: ReturnType<typeof browserRouter> };
export type WithTexts = Routed & { loadedTexts: Texts };
export type Translated = WithTexts & { i18n: I18n };
export type Ready = Translated & { reactRoot: ReactRoot };

/** Where the boot data comes from, decided once: the page's server data, or the config and texts fetched. */
export async function readBoot(): Promise<Booted | undefined> {
  const root = document.getElementById('root')!;
  const serverData = readServerData();
  const signInReturn = settleAddress();
  trackViewportHeight();
  const boot = serverData ? bootFromPage(serverData) : await bootFromNetwork();
  if (boot.ok) return { ...boot, root, signInReturn };
  (await import('./config-error-page.tsx')).showConfigError(root, boot);
}

/**
 * The session first, so that a sign-in return's code is exchanged while the app is made; then React DOM's import
 * (after the exchange is sent); then the sign-in code awaited where it is not at hand (decision 0033); then the app.
 */
export async function startSession(made: Booted): Promise<Started> {
  const navigation = browserNavigation();
  const session = createSession(made.config, navigation.navigation);
  const returned = session.start(made.signInReturn);
  const dom = loadReactRoot();
  if (isSignInReturn(made.signInReturn)) await loadOAuth().catch(() => undefined);
  const sources = browserSources(session.http, made.config, undefined, returned);
  const app = createApp({ ...made, sources, session });
  return { ...made, navigation, session, dom, app };
}

/** The page's own module before the router, so that it hydrates the page rather than its fallback. */
export async function loadPage(made: Started): Promise<Started> {
  await loadMatchedPages(made.app.routes, window.location.pathname);
  return made;
}

export const makeRouter = (made: Started): Routed => ({
  ...made,
  router: browserRouter(made.app.routes, made.hydrationData, made.navigation, made.app.serverPage),
});

export const awaitTexts = async (made: Routed): Promise<WithTexts> => ({ ...made, loadedTexts: await made.texts });

export const makeI18n = (made: WithTexts): Translated => ({
  ...made,
  i18n: createI18n(made.language, made.config.languages, made.loadedTexts, made.config),
});

export function translate(made: Translated): Translated {
  translateOnce(made.i18n, made.config.type);
  return made;
}

export const awaitReactDom = async (made: Translated): Promise<Ready> => ({ ...made, reactRoot: await made.dom });

/** The app shown as its boot data says (hydrated or rendered), then turned to the language kept. */
export function show(made: Ready): Ready {
  const { app, router, i18n, root, reactRoot } = made;
  made.show(
    root,
    app.render(<RouterProvider router={router} />, i18n, () => followLanguage(i18n, made.chosen)),
    reactRoot,
  );
  return made;
}

/** Field measurements: a chunk of their own, once the page is usable (docs/field-data.md). */
export function measureField(made: Ready): Ready {
  const { config, router, serverPage, signInReturn } = made;
  loadFieldData(config, { router, serverRendered: serverPage, returning: isSignInReturn(signInReturn) });
  return made;
}
