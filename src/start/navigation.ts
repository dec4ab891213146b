import { createBrowserRouter, type HydrationState, type RouteObject } from 'react-router';
import type { SessionNavigation } from '../auth/session.ts';
import { dropReads } from '../contract/page-protocol.ts';
import { APP_ROOT, ROUTE_PREFIX } from '../contract/paths.ts';
import type { ServerPage } from '../ui/use-hydrated.ts';

/** How the session moves the browser, and the call that says the browser's router is made. */
export type BrowserNavigation = { navigation: SessionNavigation; routerMade: () => void };

/** An address of the same page replaces the loaded one in place once the router has read the loaded one. */
export function browserNavigation(): BrowserNavigation {
  let routerMade!: () => void;
  const routed = new Promise<void>((resolve) => (routerMade = resolve));
  return {
    routerMade,
    navigation: {
      root: APP_ROOT,
      toRoot: () => window.location.assign(APP_ROOT),
      reload: (href) => window.location.replace(href),
      show: (href) => void routed.then(() => window.history.replaceState(window.history.state, '', href)),
    },
  };
}

/** The browser's router; once it shows another page, what mounts no longer hydrates the server's HTML. */
export function browserRouter(
  routes: RouteObject[],
  hydrationData: HydrationState | undefined,
  { routerMade }: BrowserNavigation,
  serverPage: ServerPage,
) {
  const router = createBrowserRouter(routes, { basename: ROUTE_PREFIX, hydrationData });
  routerMade();
  const shown = router.state.location;
  const unsubscribe = router.subscribe(({ location }) => {
    if (location === shown) return;
    serverPage.shown = false;
    dropReads();
    unsubscribe();
  });
  return router;
}
