import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { StrictMode, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { SessionProvider } from '../auth/session-context.tsx';
import type { Session } from '../auth/session.ts';
import { StartupProvider } from '../auth/startup-context.tsx';
import type { StartupParams } from '../auth/startup-params.ts';
import { ConfigProvider } from '../config/config-context.tsx';
import type { AppConfig } from '../config/schema.ts';
import { AppRoutes } from './app-routes.tsx';
import { ROUTE_PREFIX } from '../routing/paths.ts';

export type AppProps = {
  config: AppConfig;
  i18n: i18n;
  startup: StartupParams;
  session: Session;
  queryClient: QueryClient;
};

/**
 * Everything the screens read, around a router. The browser passes its history router; the app
 * server (src/ssr/render-page.tsx) a static one at the requested address: the same tree on both.
 */
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

/** The routed area, inside whichever router the caller gives; `onHydrated`: see AppRoutes. */
export function AppBody({ onHydrated }: { onHydrated?: () => void }) {
  return (
    <div className="app-root">
      <AppRoutes onHydrated={onHydrated} />
    </div>
  );
}

export function App({ onHydrated, ...props }: AppProps & { onHydrated?: () => void }) {
  return (
    <AppProviders {...props}>
      <BrowserRouter basename={ROUTE_PREFIX}>
        <AppBody onHydrated={onHydrated} />
      </BrowserRouter>
    </AppProviders>
  );
}
