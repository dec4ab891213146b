import { matchPath } from 'react-router';

// The one place route paths are written. The table is a contract: invite links live in old
// messages, so route-table.test.ts pins it.

export const ROUTE_PREFIX = '/my-account';

export const ROUTE_PATTERNS = {
  home: '/',
  login: '/login',
  invite: '/invite/:code',
  decline: '/invite/:code/decline',
  accepted: '/invite/:code/accepted',
  previouslyAccepted: '/invite/:code/previously-accepted',
  invalid: '/invite/:code/invalid',
  appDownload: '/app-download',
} as const;

export type RouteName = keyof typeof ROUTE_PATTERNS;

const segment = (code: string) => encodeURIComponent(code);

/** Paths inside the router (relative to ROUTE_PREFIX). */
export const paths = {
  home: () => '/',
  login: () => '/login',
  invite: (code: string) => `/invite/${segment(code)}`,
  decline: (code: string) => `/invite/${segment(code)}/decline`,
  accepted: (code: string) => `/invite/${segment(code)}/accepted`,
  previouslyAccepted: (code: string) => `/invite/${segment(code)}/previously-accepted`,
  invalid: (code: string) => `/invite/${segment(code)}/invalid`,
  appDownload: () => '/app-download',
} satisfies Record<RouteName, (code: string) => string>;

/** The route at a full address path (with ROUTE_PREFIX) and its parameters; undefined when none matches. */
export function routeAt(pathname: string): { name: RouteName; code?: string } | undefined {
  for (const name of Object.keys(ROUTE_PATTERNS) as RouteName[]) {
    const match = matchPath(ROUTE_PREFIX + ROUTE_PATTERNS[name], pathname);
    if (match) return { name, code: match.params.code };
  }
  return undefined;
}
