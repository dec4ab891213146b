// What the two inline scripts (page-script.ts, signed-in-script.ts) both do, bundled into each.
import { readStored } from '../storage/web-storage.ts';

export function storedToken(): string | undefined {
  const stored = readStored('access_token');
  return typeof stored === 'string' && stored !== '' ? stored : undefined;
}

export const isStyleSheet = (href: string) => href.endsWith('.css');

export function preload(href: string): HTMLLinkElement {
  const style = isStyleSheet(href);
  const link = Object.assign(document.createElement('link'), {
    rel: style ? 'preload' : 'modulepreload',
    crossOrigin: '',
    href,
  });
  if (style) link.setAttribute('as', 'style');
  document.head.append(link);
  return link;
}

/** Settles once the page is parsed. */
export const parsed = () =>
  new Promise<void>((resolve) => {
    if (document.readyState !== 'loading') resolve();
    else document.addEventListener('DOMContentLoaded', () => resolve(), { once: true });
  });
