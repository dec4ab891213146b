import { readFileSync } from 'node:fs';
import type { Page, Route } from '@playwright/test';

const isDocument = (route: Route) => route.request().resourceType() === 'document';

/**
 * The server's answer to a routed request. A brand's host name (`{brand}.localhost`) is one Chromium
 * sends to loopback but Node cannot resolve: it is asked on 127.0.0.1, naming the host.
 */
function fetchOnLoopback(route: Route) {
  const url = new URL(route.request().url());
  if (!url.hostname.endsWith('.localhost')) return route.fetch();
  const host = url.host;
  url.hostname = '127.0.0.1';
  return route.fetch({ url: url.href, headers: { ...route.request().headers(), host } });
}

/**
 * Makes the document at `path` the page the app server sends when it could not read a page's data
 * in time: the build's index.html, which the browser renders alone, asking the services itself.
 * The server's own answer gives the headers (its Content-Security-Policy among them).
 */
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

/**
 * Serves the browser another `/assets/config.json`. The app server renders pages with the config it
 * was started with, so with another one in the browser every page is the browser-rendered one, as
 * a static deploy of that config would serve it.
 */
export async function routeConfig(page: Page, handler: (route: Route) => Promise<void> | void): Promise<void> {
  await withBrowserRenderedPage(page, /^\/my-account(\/|$)/);
  await page.route('**/assets/config.json*', handler);
}
