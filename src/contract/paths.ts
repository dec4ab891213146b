// The one place route paths are written, for the app, the page script and the servers; it imports
// nothing. Invite links live in old messages: src/app/route-table.test.tsx pins the table.

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

/** A router path from `paths` as a full path on the app's origin, e.g. `appPath(paths.invite(code))`. */
export function appPath(routerPath: string): string {
  return ROUTE_PREFIX + routerPath;
}

/**
 * An invite's link: its page's address on the app's public origin (in the browser, the page's own
 * origin; on a server, the one it is configured with).
 */
export function inviteLink(origin: string, code: string): string {
  return origin + appPath(paths.invite(code));
}

/** The app's root with its slash, `/my-account/`: where `/` and a signed-out session go. */
export const APP_ROOT = appPath(paths.home());

/** Whether a full path on the origin is the app's: the prefix itself, or anything under it. */
export function isAppPath(pathname: string): boolean {
  return pathname === ROUTE_PREFIX || pathname.startsWith(APP_ROOT);
}

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
