import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { InvitePage } from '../pages/invite-page.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { ROUTE_PATTERNS, type RouteName } from '../routing/paths.ts';

// Each screen is its own chunk: an invitee downloads only the page they open.
export const PAGES: Record<RouteName | 'notFound', LazyExoticComponent<ComponentType> | ComponentType> = {
  home: lazy(() => import('../pages/login-page.tsx').then((m) => ({ default: m.LoginPage }))),
  login: lazy(() => import('../pages/login-page.tsx').then((m) => ({ default: m.LoginPage }))),
  invite: InvitePage, // the screen an invitee lands on: in the main bundle, not one more round trip away
  decline: lazy(() => import('../pages/decline-page.tsx').then((m) => ({ default: m.DeclinePage }))),
  accepted: lazy(() => import('../pages/accepted-page.tsx').then((m) => ({ default: m.AcceptedPage }))),
  previouslyAccepted: lazy(() =>
    import('../pages/previously-accepted-page.tsx').then((m) => ({ default: m.PreviouslyAcceptedPage })),
  ),
  invalid: lazy(() => import('../pages/invalid-page.tsx').then((m) => ({ default: m.InvalidPage }))),
  appDownload: lazy(() => import('../pages/app-download-page.tsx').then((m) => ({ default: m.AppDownloadPage }))),
  notFound: lazy(() => import('../pages/not-found-page.tsx').then((m) => ({ default: m.NotFoundPage }))),
};

export function AppRoutes() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Spinner label={t('common.loading')} />}>
      <Routes>
        {(Object.keys(ROUTE_PATTERNS) as RouteName[]).map((name) => {
          const Page = PAGES[name];
          return <Route key={name} path={ROUTE_PATTERNS[name]} element={<Page />} />;
        })}
        <Route path="*" element={<PAGES.notFound />} />
      </Routes>
    </Suspense>
  );
}
