import { readFileSync } from 'node:fs';
import type { Page, Route } from '@playwright/test';

const isDocument = (route: Route) => route.request().resourceType() === 'document';

/** The server's answer to a routed request; `{brand}.localhost` is asked on 127.0.0.1, as Node cannot resolve it. */
function fetchOnLoopback(route: Route) {
  const url = new URL(route.request().url());
  if (!url.hostname.endsWith('.localhost')) return route.fetch();
  const host = url.host;
  url.hostname = '127.0.0.1';
  return route.fetch({ url: url.href, headers: { ...route.request().headers(), host } });
}

/** Makes `path` the page the app server sends when it has no page data in time: index.html, under the server's headers. */
export async function withBrowserRenderedPage(page: Page, path: string | RegExp): Promise<void> {
  const shell = readFileSync('dist/index.html', 'utf8');
  await page.route(
    (url) => (typeof path === 'string' ? url.pathname === path : path.test(url.pathname)),
    async (route) => {
      if (!isDocument(route)) return route.fallback();
      return route.fulfill({ response: await fetchOnLoopback(route), body: shell });
    },
  );
}

/** Another config in the browser than the server's: every page is then the browser-rendered one. */
export async function routeConfig(page: Page, handler: (route: Route) => Promise<void> | void): Promise<void> {
  await withBrowserRenderedPage(page, /^\/my-account(\/|$)/);
  await page.route('**/assets/config.json*', handler);
}
