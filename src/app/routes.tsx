import { useEffect, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { matchRoutes, Outlet, useMatches, type LoaderFunction, type RouteObject } from 'react-router';
import { useSessionSnapshot } from '../auth/session-context.tsx';
import { userLookup } from '../auth/user-service.ts';
import type { AppConfig } from '../config/schema.ts';
import { bikeApiBase, OWNER_LISTS } from '../contract/service-urls.ts';
import { detectBrowserDevice, type DeviceData, type DeviceLoad } from '../device/device-query.ts';
import type { InviteData, Invites } from '../invite/invite-query.ts';
import { InvitePage } from '../pages/invite-page.tsx';
import { ROUTE_PATTERNS, ROUTE_PREFIX, type RouteName } from '../contract/paths.ts';
import { parseInviteCode } from '../contract/invite-code.ts';
import { useTakeOver } from '../early/take-over.ts';
import { Later } from '../ui/later.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { whenIdle } from '../ui/when-idle.ts';
import {
  loadPage,
  lazyPage,
  manifestKey,
  OWNER_SIDE_MODULE,
  preloadWhenIdle,
  type PageModule,
} from './page-modules.ts';
import { useFocusOnRouteChange } from './route-focus.ts';

/** What a page needs before it is shown: the invite (read, or as the app knows it), the device. */
type Needs = { invite?: 'read' | 'known'; device?: true };

/** What the loaders read from: the app's invites, and its device (PageSources, create-app.tsx). */
export type PageSources = { invites: Invites; device: () => Promise<DeviceLoad> };

/** What a route's loader gives its page. */
export type PageData = InviteData & DeviceData;

type Page = {
  /** The invite page's component is in the app's first chunk; every other page is a module of its own (page-modules.ts). */
  page: ComponentType | PageModule;
  needs: Needs;
  /** The pages it leads to, whose modules are loaded once it is shown and the browser is idle. */
  leadsTo?: PageModule[];
  signedInNext?: RouteName;
  signedIn?: SignedIn;
};

/** What a page shows someone signed in: its modules (manifest keys), the GETs it starts with. */
type SignedIn = { modules: string[]; reads: (config: AppConfig) => string[] };

/** The owner's side's first reads: the session's user (none to look up for a provider named by its issuer alone), the owner's lists. */
export function ownerReads(config: AppConfig) {
  const base = bikeApiBase(config);
  return { user: userLookup(config), bikes: base + OWNER_LISTS.bikes, shared: base + OWNER_LISTS.shared };
}

/** The owner's side (docs/behaviour/owner-side.md): the session's user, then the owner's lists. */
const OWNER_SIDE: SignedIn = {
  modules: [OWNER_SIDE_MODULE],
  reads: (config) => Object.values(ownerReads(config)).filter((url) => url !== undefined),
};

const PAGES: Record<RouteName, Page> = {
  home: { page: 'login-page', needs: {}, signedIn: OWNER_SIDE },
  // Someone's not signed in (a sign-in returns home): no signed-in side to weigh its document (decision 0056).
  login: { page: 'login-page', needs: {} },
  invite: {
    page: InvitePage,
    needs: { invite: 'read' },
    leadsTo: ['accepted-page', 'decline-page', 'previously-accepted-page', 'invalid-page'],
    signedInNext: 'accepted',
  },
  decline: { page: 'decline-page', needs: { invite: 'read', device: true } },
  accepted: { page: 'accepted-page', needs: { invite: 'known', device: true }, leadsTo: ['app-download-page'] },
  previouslyAccepted: { page: 'previously-accepted-page', needs: { device: true }, leadsTo: ['app-download-page'] },
  invalid: { page: 'invalid-page', needs: {} },
  appDownload: { page: 'app-download-page', needs: { device: true } },
};

const NOT_FOUND: PageModule = 'not-found-page';

const PATHS = [...Object.entries(ROUTE_PATTERNS).map(([id, path]) => ({ id, path })), { id: 'notFound', path: '*' }];

/** The module of a lazily loaded page at `pathname`, as the manifest names it, for the browser to fetch with the app. */
export function pageModulesAt(pathname: string): string[] {
  const id = routeAt(pathname);
  if (!id) return [];
  const page = id === 'notFound' ? NOT_FOUND : PAGES[id].page;
  return typeof page === 'string' ? [manifestKey(page)] : [];
}

export function signedInAt(pathname: string, config: AppConfig): { modules: string[]; reads: string[] } {
  const id = routeAt(pathname);
  const side = id && id !== 'notFound' ? PAGES[id].signedIn : undefined;
  return { modules: side?.modules ?? [], reads: side?.reads(config) ?? [] };
}

const routeAt = (pathname: string) =>
  matchRoutes(PATHS, pathname, ROUTE_PREFIX)?.at(-1)?.route.id as RouteName | 'notFound' | undefined;

/** Once the page is shown, the modules of the pages it leads to, when the browser is idle. */
function usePreloadNextPages(): void {
  const id = useMatches().at(-1)?.id as RouteName | undefined;
  // An effect runs once its page is on the screen (hydrated, or rendered by the browser).
  useEffect(() => {
    if (id) return preloadWhenIdle(PAGES[id]?.leadsTo ?? []);
  }, [id]);
}

/** The signed-in next page's module and data, when idle (decision 0049); apart, as it follows the session. */
function SignedInNext() {
  const id = useMatches().at(-1)?.id as RouteName | undefined;
  const next = id ? PAGES[id]?.signedInNext : undefined;
  const signedIn = useSessionSnapshot().status === 'authenticated';
  useEffect(() => {
    if (!next || !signedIn) return;
    const { page, needs } = PAGES[next];
    return whenIdle(() => {
      if (typeof page === 'string') void loadPage(page).catch(() => undefined);
      if (needs.device) detectBrowserDevice().catch(() => undefined);
    });
  }, [next, signedIn]);
  return null;
}

/** The routed area of every page: moves the focus on a route change, and takes over from the page script. */
function AppShell() {
  useFocusOnRouteChange();
  useTakeOver();
  usePreloadNextPages();
  return (
    <Later part="page">
      <div className="app-root">
        <Outlet />
        <SignedInNext />
      </div>
    </Later>
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

/** The route table with each page's loader, for the browser's router and the server's static handler.
 * A loader never throws (a failed read is its page's to show); it sits here so data loads while the module does. */
export function appRoutes({ invites, device: loadDevice }: PageSources): RouteObject[] {
  const loaderFor = ({ invite, device }: Needs): LoaderFunction<PageData> | undefined => {
    if (!invite && !device) return undefined;
    return async ({ params, request }): Promise<PageData> => {
      const code = parseInviteCode(params.code);
      const [load, deviceLoad] = await Promise.all([
        invite === 'read' && code ? invites.load(code, request.signal) : undefined,
        device ? loadDevice() : undefined,
      ]);
      const known = invite === 'known' && code ? invites.known(code) : undefined;
      return { code, invite: load, known, device: deviceLoad };
    };
  };
  const pages: RouteObject[] = (Object.keys(PAGES) as RouteName[]).map((id) => {
    const { page, needs } = PAGES[id];
    return {
      id,
      path: ROUTE_PATTERNS[id],
      ...(typeof page === 'string' ? lazyPage(page) : { Component: page }),
      loader: loaderFor(needs),
    };
  });
  return [
    {
      id: 'root',
      Component: AppShell,
      HydrateFallback: StartingUp,
      children: [...pages, { id: 'notFound', path: '*', ...lazyPage(NOT_FOUND) }],
    },
  ];
}
