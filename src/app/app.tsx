import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { StrictMode, useEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { SessionProvider } from '../auth/session-context.tsx';
import type { Session } from '../auth/session.ts';
import { StartupProvider } from '../auth/startup-context.tsx';
import type { StartupParams } from '../auth/startup-params.ts';
import { ConfigProvider } from '../config/config-context.tsx';
import type { AppConfig } from '../config/schema.ts';

export type AppProps = {
  config: AppConfig;
  i18n: i18n;
  startup: StartupParams;
  session: Session;
  queryClient: QueryClient;
};

/** Everything the pages read, around the browser's router (App) or the app server's static one. */
export function AppProviders({
  config,
  i18n,
  startup,
  session,
  queryClient,
  children,
}: AppProps & { children: ReactNode }) {
  return (
    <StrictMode>
      <ConfigProvider config={config}>
        <StartupProvider params={startup}>
          <SessionProvider session={session}>
            <I18nextProvider i18n={i18n}>
              <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
            </I18nextProvider>
          </SessionProvider>
        </StartupProvider>
      </ConfigProvider>
    </StrictMode>
  );
}

/** Calls `run` once, after the commit that rendered (or hydrated) the page. */
function Committed({ run }: { run: () => void }) {
  useEffect(run, [run]);
  return null;
}

export function App({ router, onCommitted, ...props }: AppProps & { router: DataRouter; onCommitted?: () => void }) {
  return (
    <AppProviders {...props}>
      <RouterProvider router={router} />
      {onCommitted ? <Committed run={onCommitted} /> : null}
    </AppProviders>
  );
}
