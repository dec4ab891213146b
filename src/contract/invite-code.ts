// What an invite code looks like: 1 to 64 letters, digits, `-` or `_`. The app checks an address's
// code before any request; the bike service refuses anything else with a 400.
export const INVITE_CODE = /^[A-Za-z0-9_-]{1,64}$/;

export function isInviteCode(value: string): boolean {
  return INVITE_CODE.test(value);
}

/** An invite's address at the bike service, relative to its base: the code as one encoded path segment. */
export function invitePath(code: string): string {
  return `bike/invite-code/${encodeURIComponent(code)}`;
}
