import { hydrate, QueryClientProvider, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { StrictMode, useEffect, type ReactElement, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { RouteObject } from 'react-router';
import { SessionProvider } from '../auth/session-context.tsx';
import type { Session } from '../auth/session.ts';
import { SignInReturnProvider } from '../auth/sign-in-return-context.tsx';
import type { SignInReturnParams } from '../contract/sign-in-return.ts';
import { ConfigProvider } from '../config/config-context.tsx';
import { createTapReplay, TapReplayProvider, type TapReplay } from '../early/take-over.ts';
import { ServerPageProvider, type ServerPage } from '../ui/use-hydrated.ts';
import type { AppConfig } from '../config/schema.ts';
import { createQueryClient, type DataSources } from './query-client.ts';
import { appRoutes } from './routes.tsx';

export type AppInput = {
  config: AppConfig;
  /** The brand's name (its theme's). */
  brand: string;
  /** Where the pages' data comes from: the browser's services, a test's, or the server's own read. */
  sources: DataSources;
  /** The query cache the server's loaders filled, on a page it rendered. */
  queries?: DehydratedState;
  signInReturn: SignInReturnParams;
  session: Session;
  /** Whether it is first shown on the server's HTML: rendered there, or hydrated from it. */
  serverPage: boolean;
};

export type App = {
  queryClient: QueryClient;
  /** The route table, for the browser's router, a test's memory router or the server's static handler. */
  routes: RouteObject[];
  /** The app around `router`, in the language of `i18n` (createI18n): every provider the pages read. */
  render(router: ReactNode, i18n: i18n, onCommitted?: () => void): ReactElement;
  /** Whether the page shown is still the server's (useHydrated): the browser's router says when it is not. */
  serverPage: ServerPage;
  /** The page script's taps being replayed (take-over.ts). */
  tapReplay: TapReplay;
};

/** The one wiring of the app, for the browser's start, the server's render and the page tests. */
export function createApp({ config, brand, sources, queries, signInReturn, session, serverPage }: AppInput): App {
  const queryClient = createQueryClient(sources);
  if (queries) hydrate(queryClient, queries);
  const app: App = {
    queryClient,
    routes: appRoutes(queryClient),
    serverPage: { shown: serverPage },
    tapReplay: createTapReplay(),
    render: (router, i18n, onCommitted) => (
      <StrictMode>
        <ServerPageProvider value={app.serverPage}>
          <TapReplayProvider value={app.tapReplay}>
            <ConfigProvider config={config} brand={brand}>
              <SignInReturnProvider params={signInReturn}>
                <SessionProvider session={session}>
                  <I18nextProvider i18n={i18n}>
                    <QueryClientProvider client={queryClient}>
                      {router}
                      {onCommitted ? <Committed run={onCommitted} /> : null}
                    </QueryClientProvider>
                  </I18nextProvider>
                </SessionProvider>
              </SignInReturnProvider>
            </ConfigProvider>
          </TapReplayProvider>
        </ServerPageProvider>
      </StrictMode>
    ),
  };
  return app;
}

/** Calls `run` once, after the commit that rendered (or hydrated) the page. */
function Committed({ run }: { run: () => void }) {
  useEffect(run, [run]);
  return null;
}
