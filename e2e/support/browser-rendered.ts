import type { Page, Route } from '@playwright/test';

const isDocument = (route: Route) => route.request().resourceType() === 'document';

/**
 * Makes the document at `path` the page the app server sends when it could not read the invite in
 * time: the one the browser renders alone, which then asks the bike service itself. (The login
 * page's document is always that page; a test cannot make the server's own read fail.)
 */
export async function withBrowserRenderedPage(page: Page, path: string | RegExp): Promise<void> {
  await page.route(
    (url) => (typeof path === 'string' ? url.pathname === path : path.test(url.pathname)),
    async (route) => {
      if (!isDocument(route)) return route.fallback();
      const shell = await route.fetch({ url: new URL('/my-account/login', route.request().url()).href });
      return route.fulfill({ response: shell });
    },
  );
}

/**
 * Serves the browser another `/assets/config.json`. The app server renders pages with the config it
 * was started with, so with another one in the browser every page is the browser-rendered one, as
 * a static deploy of that config would serve it.
 */
export async function routeConfig(page: Page, handler: (route: Route) => Promise<void> | void): Promise<void> {
  await withBrowserRenderedPage(page, /^\/my-account(\/|$)/);
  await page.route('**/assets/config.json*', handler);
}
