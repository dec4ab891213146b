import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { StrictMode } from 'react';
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

type AppProps = { config: AppConfig; i18n: i18n; startup: StartupParams; session: Session; queryClient: QueryClient };

export function App({ config, i18n, startup, session, queryClient }: AppProps) {
  return (
    <StrictMode>
      <ConfigProvider config={config}>
        <StartupProvider params={startup}>
          <SessionProvider session={session}>
            <I18nextProvider i18n={i18n}>
              <QueryClientProvider client={queryClient}>
                <BrowserRouter basename={ROUTE_PREFIX}>
                  <div className="app-root">
                    <AppRoutes />
                  </div>
                </BrowserRouter>
              </QueryClientProvider>
            </I18nextProvider>
          </SessionProvider>
        </StartupProvider>
      </ConfigProvider>
    </StrictMode>
  );
}
