// The app's global styles first: the folders' own style sheets (src/early/early.css) come after them.
import './ui/ui.css';
import { RouterProvider } from 'react-router/dom';
import {
  bootFromNetwork,
  bootFromPage,
  browserNavigation,
  browserRouter,
  followLanguage,
  loadReactRoot,
  settleAddress,
} from './app/boot.ts';
import { createApp } from './app/create-app.tsx';
import { loadFieldData } from './app/field-loader.ts';
import { loadMatchedPages } from './app/page-modules.ts';
import { browserSources } from './app/query-client.ts';
import { readServerData } from './app/server-data.ts';
import { trackViewportHeight } from './app/viewport-height.ts';
import { yieldToMain } from './app/yield-to-main.ts';
import { loadOAuth } from './auth/load-oauth.ts';
import { createSession } from './auth/session.ts';
import { isSignInReturn } from './contract/sign-in-return.ts';
import { createI18n, translateOnce } from './i18n/setup-i18n.ts';

// Start-up in the browser, one path (docs/architecture.md#how-a-page-starts): where the boot data
// comes from is decided once; then the session, started; the app and its router; the texts; then it is
// shown (hydrated or rendered, as its boot data says). Each step is a task of its own
// (yieldToMain), so that none is long on a slow phone and a tap is kept between them.

// A function, not top-level await: the chunks this entry loads import from it, so it must finish.
async function start(): Promise<void> {
  await yieldToMain(); // evaluating the code and setting up are tasks apart
  const root = document.getElementById('root')!;
  const serverData = readServerData();
  const signInReturn = settleAddress();
  trackViewportHeight();
  const boot = serverData ? bootFromPage(serverData) : await bootFromNetwork();
  if (!boot.ok) return (await import('./app/config-error-page.tsx')).showConfigError(root, boot);

  const { config } = boot;
  await yieldToMain();
  const session = createSession(config, browserNavigation);
  // First, so that a return from the identity service exchanges its code while the app is made.
  session.start(signInReturn);
  // React DOM's client, evaluated in a task of its own while the steps below go on; after the
  // session's start, so that a return's code exchange is sent before it, whichever way we yield.
  const dom = loadReactRoot();
  // Its code is at hand on a page the server rendered (the page script ran it with this code);
  // elsewhere it is imported, and waited for: the steps below go on as prioritized continuations
  // (scheduler.yield), which the import's resolution, and the exchange with it, would wait behind.
  if (isSignInReturn(signInReturn)) await loadOAuth().catch(() => undefined);
  const sources = browserSources(session.http, config);
  const app = createApp({ config, sources, queries: boot.queries, signInReturn, session });
  // Matching the address compiles the router's code: a task apart from the app's making.
  await yieldToMain();
  // The page's own module (fetched with the app's code on a page the server rendered) before the
  // router is made, so that it hydrates the page instead of showing its fallback.
  await loadMatchedPages(app.routes, window.location.pathname);
  await yieldToMain();
  const router = browserRouter(app.routes, boot.router);
  await yieldToMain();
  const texts = await boot.texts;
  await yieldToMain();
  const i18n = createI18n(boot.language, config.languages, texts, config);
  await yieldToMain();
  translateOnce(i18n, config.type);
  await yieldToMain();
  const reactRoot = await dom;
  await yieldToMain();
  // A page the server rendered in another language than this browser's choice follows it once shown.
  boot.show(
    root,
    app.render(<RouterProvider router={router} />, i18n, () => followLanguage(i18n, boot.chosen)),
    reactRoot,
  );
  // Field measurements: a chunk of their own, once the page is usable (docs/field-data.md).
  loadFieldData(config, { router, serverRendered: serverData !== undefined, returning: isSignInReturn(signInReturn) });
}

void start();
