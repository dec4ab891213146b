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

const INVITE_ADDRESS = new RegExp(`^${ROUTE_PREFIX}${ROUTE_PATTERNS.invite.replace(':code', '([^/]+)')}/?$`);

/** The invite code in a full address path (with ROUTE_PREFIX) of the invite page; undefined on any other. */
export function inviteCodeAt(pathname: string): string | undefined {
  const match = INVITE_ADDRESS.exec(pathname);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return undefined; // not a code the app would have written
  }
}
