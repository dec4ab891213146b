export function preload(href: string): HTMLLinkElement {
  const style = href.endsWith('.css');
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
