import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, Route, Routes } from 'react-router';
import { loadDevice } from '../device/use-device.ts';
import { InvitePage } from '../pages/invite-page.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { ROUTE_PATTERNS, ROUTE_PREFIX, type RouteName } from '../routing/paths.ts';

// Each screen is its own chunk: an invitee downloads only the page they open.
const screens = {
  login: () => import('../pages/login-page.tsx').then((m) => ({ default: m.LoginPage })),
  decline: () => import('../pages/decline-page.tsx').then((m) => ({ default: m.DeclinePage })),
  accepted: () => import('../pages/accepted-page.tsx').then((m) => ({ default: m.AcceptedPage })),
  previouslyAccepted: () =>
    import('../pages/previously-accepted-page.tsx').then((m) => ({ default: m.PreviouslyAcceptedPage })),
  invalid: () => import('../pages/invalid-page.tsx').then((m) => ({ default: m.InvalidPage })),
  appDownload: () => import('../pages/app-download-page.tsx').then((m) => ({ default: m.AppDownloadPage })),
  notFound: () => import('../pages/not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })),
};

export const PAGES: Record<RouteName | 'notFound', LazyExoticComponent<ComponentType> | ComponentType> = {
  home: lazy(screens.login),
  login: lazy(screens.login),
  invite: InvitePage, // the screen an invitee lands on: in the main bundle, not one more round trip away
  decline: lazy(screens.decline),
  accepted: lazy(screens.accepted),
  previouslyAccepted: lazy(screens.previouslyAccepted),
  invalid: lazy(screens.invalid),
  appDownload: lazy(screens.appDownload),
  notFound: lazy(screens.notFound),
};

// The screens that show store links or device-specific text, and so wait for the user-agent parser.
const NEEDS_DEVICE: ReadonlySet<RouteName> = new Set(['decline', 'accepted', 'previouslyAccepted', 'appDownload']);

/**
 * Starts loading the code of the screen at `pathname` (and the user-agent parser, if it needs it)
 * before the first render, so it downloads alongside the config and translations rather than after.
 * The page's lazy component then finds the module already loaded.
 */
export function preloadScreen(pathname: string): void {
  const name = (Object.keys(ROUTE_PATTERNS) as RouteName[]).find((route) =>
    matchPath(ROUTE_PREFIX + ROUTE_PATTERNS[route], pathname),
  );
  const load =
    name === undefined ? screens.notFound : name === 'home' ? screens.login : screens[name as keyof typeof screens];
  void load?.().catch(() => undefined); // a failed load is the page's to report, when it renders
  if (name && NEEDS_DEVICE.has(name)) void loadDevice().catch(() => undefined);
}

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
