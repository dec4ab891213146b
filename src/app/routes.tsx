import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, type LoaderFunction, type RouteObject } from 'react-router';
import { deviceQuery } from '../device/device-query.ts';
import { inviteQuery } from '../invite/invite-query.ts';
import { AcceptedPage } from '../pages/accepted-page.tsx';
import { AppDownloadPage } from '../pages/app-download-page.tsx';
import { DeclinePage } from '../pages/decline-page.tsx';
import { InvalidPage } from '../pages/invalid-page.tsx';
import { InvitePage } from '../pages/invite-page.tsx';
import { LoginPage } from '../pages/login-page.tsx';
import { NotFoundPage } from '../pages/not-found-page.tsx';
import { PreviouslyAcceptedPage } from '../pages/previously-accepted-page.tsx';
import { ROUTE_PATTERNS, type RouteName } from '../contract/paths.ts';
import { isInviteCode } from '../contract/invite-code.ts';
import { useTakeOver } from '../early/take-over.ts';
import { Spinner } from '../ui/spinner.tsx';
import { useFocusOnRouteChange } from './route-focus.ts';

/** What a page needs before it is shown, loaded into the query cache: the invite, the device. */
type Needs = { invite?: true; device?: true };

const PAGES: Record<RouteName, { Component: ComponentType; needs: Needs }> = {
  home: { Component: LoginPage, needs: {} },
  login: { Component: LoginPage, needs: {} },
  invite: { Component: InvitePage, needs: { invite: true } },
  decline: { Component: DeclinePage, needs: { invite: true, device: true } },
  accepted: { Component: AcceptedPage, needs: { device: true } },
  previouslyAccepted: { Component: PreviouslyAcceptedPage, needs: { device: true } },
  invalid: { Component: InvalidPage, needs: {} },
  appDownload: { Component: AppDownloadPage, needs: { device: true } },
};

/** The routed area of every page: moves the focus on a route change, and takes over from the page script. */
function AppShell() {
  useFocusOnRouteChange();
  useTakeOver();
  return (
    <div className="app-root">
      <Outlet />
    </div>
  );
}

/** Shown while the first page's data loads on a page the browser renders alone. */
function StartingUp() {
  const { t } = useTranslation();
  return (
    <div className="app-root">
      <main className="page">
        <Spinner label={t('common.loading')} />
      </main>
    </div>
  );
}

/**
 * The route table with each page's loader, run by the browser's router and the app server's static
 * handler alike. A loader fills the query cache through its sources and never throws: a failure is
 * the page's to show.
 */
export function appRoutes(queryClient: QueryClient): RouteObject[] {
  const loaderFor = ({ invite, device }: Needs): LoaderFunction | undefined => {
    if (!invite && !device) return undefined;
    return async ({ params }) => {
      const code = params.code ?? '';
      await Promise.all([
        invite && isInviteCode(code) ? queryClient.prefetchQuery(inviteQuery(code)) : undefined,
        device ? queryClient.prefetchQuery(deviceQuery()) : undefined,
      ]);
      return null;
    };
  };
  const pages: RouteObject[] = (Object.keys(PAGES) as RouteName[]).map((id) => ({
    id,
    path: ROUTE_PATTERNS[id],
    Component: PAGES[id].Component,
    loader: loaderFor(PAGES[id].needs),
  }));
  return [
    {
      id: 'root',
      Component: AppShell,
      HydrateFallback: StartingUp,
      children: [...pages, { id: 'notFound', path: '*', Component: NotFoundPage }],
    },
  ];
}
