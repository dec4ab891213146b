import type { i18n } from 'i18next';
import { StrictMode, useEffect, type ReactElement, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { HydrationState, RouteObject } from 'react-router';
import { SessionProvider } from '../auth/session-context.tsx';
import type { Session } from '../auth/session.ts';
import { SignInReturnProvider } from '../auth/sign-in-return-context.tsx';
import type { SignInReturnParams } from '../contract/sign-in-return.ts';
import { ConfigProvider } from '../config/config-context.tsx';
import { createTapReplay, TapReplayProvider, type TapReplay } from '../early/take-over.ts';
import { ServerPageProvider, stagedHydration, useServerPage, type ServerPage } from '../ui/use-hydrated.ts';
import type { AppConfig } from '../config/schema.ts';
import { createInvites, InvitesProvider } from '../invite/invite-query.ts';
import type { DataSources } from './data-sources.ts';
import { appRoutes, type PageData } from './routes.tsx';

export type AppInput = {
  config: AppConfig;
  /** The brand's name (its theme's). */
  brand: string;
  /** Where the pages' data comes from: the browser's services, a test's, or the server's own read. */
  sources: DataSources;
  /** The router's state the server's loaders left, on a page it rendered: the invite it read is known. */
  hydrationData?: HydrationState;
  signInReturn: SignInReturnParams;
  session: Session;
  /** Whether it is first shown on the server's HTML: rendered there, or hydrated from it. */
  serverPage: boolean;
};

export type App = {
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
export function createApp(input: AppInput): App {
  const { config, brand, sources, signInReturn, session, serverPage } = input;
  const invites = createInvites(sources.readInvite, sources.retries);
  for (const data of Object.values(input.hydrationData?.loaderData ?? {}) as (PageData | null)[]) {
    if (data?.code && data.invite?.state === 'loaded') invites.keep(data.code, data.invite.invite);
  }
  // Detected once per app; a detection that failed (its chunk did not load) is tried again by the next page.
  let device: ReturnType<DataSources['detectDevice']> | undefined;
  const loadDevice = async () => {
    device ??= sources.detectDevice();
    device.catch(() => (device = undefined));
    return { device: await device, detected: sources.detects };
  };
  const app: App = {
    routes: appRoutes({ invites, device: loadDevice }),
    serverPage: { shown: serverPage, stages: stagedHydration(serverPage && !import.meta.env.SSR) },
    tapReplay: createTapReplay(),
    render: (router, i18n, onCommitted) => (
      <StrictMode>
        <ServerPageProvider value={app.serverPage}>
          <TapReplayProvider value={app.tapReplay}>
            <ConfigProvider config={config} brand={brand}>
              <SignInReturnProvider params={signInReturn}>
                <SessionProvider session={session}>
                  <I18nextProvider i18n={i18n}>
                    <InvitesProvider value={invites}>
                      {router}
                      {onCommitted ? <Committed run={onCommitted} /> : null}
                    </InvitesProvider>
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

/** Calls `run` once, after the commit that rendered the page, or once every part of it has hydrated. */
function Committed({ run }: { run: () => void }) {
  const { stages } = useServerPage();
  useEffect(() => stages.afterSettled(run), [run, stages]);
  return null;
}
