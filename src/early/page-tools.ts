// What the two inline scripts (page-script.ts, signed-in-script.ts) both do, bundled into each.
import { storedString } from '../contract/stored-session.ts';
import { readStored } from '../storage/web-storage.ts';

export const storedToken = () => storedString(readStored('access_token'));

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

export const parsed = () =>
  new Promise<void>((resolve) => {
    if (document.readyState !== 'loading') resolve();
    else document.addEventListener('DOMContentLoaded', () => resolve(), { once: true });
  });
