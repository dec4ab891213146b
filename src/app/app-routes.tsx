import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { loadDevice } from '../device/use-device.ts';
import { InvitePage } from '../pages/invite-page.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { useFocusOnRouteChange } from './route-focus.ts';
import { ROUTE_PATTERNS, type RouteName } from '../routing/paths.ts';

type Screen = () => Promise<{ default: ComponentType }>;
const loginScreen: Screen = () => import('../pages/login-page.tsx').then((m) => ({ default: m.LoginPage }));

// Each screen is its own chunk: an invitee downloads only the page they open. The invite page is the
// exception: it is the screen an invitee lands on, so it is in the main bundle, not one more round
// trip away.
const screens: Record<Exclude<RouteName, 'invite'> | 'notFound', Screen> = {
  home: loginScreen,
  login: loginScreen,
  decline: () => import('../pages/decline-page.tsx').then((m) => ({ default: m.DeclinePage })),
  accepted: () => import('../pages/accepted-page.tsx').then((m) => ({ default: m.AcceptedPage })),
  previouslyAccepted: () =>
    import('../pages/previously-accepted-page.tsx').then((m) => ({ default: m.PreviouslyAcceptedPage })),
  invalid: () => import('../pages/invalid-page.tsx').then((m) => ({ default: m.InvalidPage })),
  appDownload: () => import('../pages/app-download-page.tsx').then((m) => ({ default: m.AppDownloadPage })),
  notFound: () => import('../pages/not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })),
};

const lazyScreens = Object.fromEntries(Object.entries(screens).map(([name, load]) => [name, lazy(load)])) as Record<
  keyof typeof screens,
  LazyExoticComponent<ComponentType>
>;

export const PAGES: Record<RouteName | 'notFound', LazyExoticComponent<ComponentType> | ComponentType> = {
  ...lazyScreens,
  invite: InvitePage,
};

// The screens that show store links or device-specific text, and so wait for the user-agent parser.
const NEEDS_DEVICE: ReadonlySet<RouteName> = new Set(['decline', 'accepted', 'previouslyAccepted', 'appDownload']);

/**
 * Starts loading the code of the screen for a route (`undefined`: the not-found screen), and the
 * user-agent parser if it needs it, before the first render, so it downloads alongside the config
 * and translations rather than after. The page's lazy component then finds the module loaded.
 */
export function preloadScreen(route: RouteName | undefined): void {
  if (route === 'invite') return; // in the main bundle
  void screens[route ?? 'notFound']().catch(() => undefined); // a failed load is the page's to report
  if (route && NEEDS_DEVICE.has(route)) void loadDevice().catch(() => undefined);
}

/** Calls `run` once, after the commit that hydrated (or rendered) the element's Suspense boundary. */
function Committed({ run }: { run: () => void }) {
  useEffect(run, [run]);
  return null;
}

/**
 * The routes. `onHydrated` runs once the page's content itself is in place: React hydrates a
 * Suspense boundary after the rest (a lazy screen's code may still be loading), so an effect
 * outside it would run too early.
 */
export function AppRoutes({ onHydrated }: { onHydrated?: () => void }) {
  const { t } = useTranslation();
  useFocusOnRouteChange();
  return (
    <Suspense fallback={<Spinner label={t('common.loading')} />}>
      {onHydrated ? <Committed run={onHydrated} /> : null}
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
