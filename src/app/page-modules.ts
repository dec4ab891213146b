import type { ComponentType } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { ROUTE_PREFIX } from '../contract/paths.ts';
import { whenIdle } from '../ui/when-idle.ts';

// Every page but the invite page is a module of its own, loaded when its route matches (decision
// 0033); the server names a rendered page's module for the browser to fetch with the app.

/** A lazily loaded page, by its file in src/pages/ without `.tsx`; its component is the file's export of the same name in PascalCase. */
export type PageModule =
  | 'login-page'
  | 'decline-page'
  | 'accepted-page'
  | 'previously-accepted-page'
  | 'invalid-page'
  | 'app-download-page'
  | 'not-found-page';

const MODULES = import.meta.glob<Record<string, ComponentType>>(['../pages/*-page.tsx', '!../pages/invite-page.tsx']);

const keyOf = (module: PageModule) => `../pages/${module}.tsx`;

/** The module's path as the build's manifest names it (from the project's root). */
export const manifestKey = (module: PageModule) => `src/pages/${module}.tsx`;

/** The owner's side, which the login page imports for someone signed in, as the manifest names it. */
export const OWNER_SIDE_MODULE = 'src/owner/owner-home.tsx';

const componentName = (module: PageModule) =>
  module.replace(/(?:^|-)(\w)/g, (_match, letter: string) => letter.toUpperCase());

/** Loads a page's module (once; later calls share it) and returns its component. */
export async function loadPage(module: PageModule): Promise<ComponentType> {
  const load = MODULES[keyOf(module)];
  if (!load) throw new Error(`no page module ${module}`);
  const Component = (await load())[componentName(module)];
  if (!Component) throw new Error(`${module} has no export ${componentName(module)}`);
  return Component;
}

/** The route-table entry of a page loaded when its route matches (React Router's `lazy`). */
export const lazyPage = (module: PageModule): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: await loadPage(module) }),
});

/** Loads the matched lazy pages before the router is made: a lazy route matched would show its fallback, not hydrate. */
export async function loadMatchedPages(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname, ROUTE_PREFIX) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}

/** Loads the modules of the pages a page leads to, one per idle task; returns a function that stops the rest. */
export function preloadWhenIdle(modules: readonly PageModule[]): () => void {
  let stopped = false;
  let cancel: (() => void) | undefined;
  const next = (index: number) => {
    if (stopped || index >= modules.length) return;
    cancel = whenIdle(() => {
      // A failure is no matter here: the page is loaded again when its route matches.
      void loadPage(modules[index]!)
        .catch(() => undefined)
        .then(() => next(index + 1));
    });
  };
  next(0);
  return () => {
    stopped = true;
    cancel?.();
  };
}
