// XSRF double-submit (docs/behaviour/requests.md#xsrf): state-changing requests to the page's own
// origin carry the XSRF-TOKEN cookie's value as X-XSRF-TOKEN.

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

const SAFE_METHODS = new Set(['GET', 'HEAD']);

/** Decided by resolving the URL against the page: `//evil.example` and `/\evil.example` are other origins. */
export function isSameOrigin(url: string, pageUrl: string): boolean {
  try {
    return new URL(url, pageUrl).origin === new URL(pageUrl).origin;
  } catch {
    return false;
  }
}

export function readCookie(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== name) continue;
    const raw = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw; // a malformed escape must not throw; send what the server set
    }
  }
  return undefined;
}

/** The X-XSRF-TOKEN value a request needs, or undefined when it needs none (or there is no cookie). */
export function xsrfTokenFor(method: string, url: string, pageUrl: string, cookies: string): string | undefined {
  if (SAFE_METHODS.has(method.toUpperCase())) return undefined;
  if (!isSameOrigin(url, pageUrl)) return undefined;
  const token = readCookie(cookies, XSRF_COOKIE);
  return token || undefined;
}
