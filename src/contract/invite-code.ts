// An invite code: 1 to 64 letters, digits, `-` or `_`, checked before any request; the bike service refuses others.
export const INVITE_CODE = /^[A-Za-z0-9_-]{1,64}$/;

export function isInviteCode(value: string): boolean {
  return INVITE_CODE.test(value);
}

/** An invite's address at the bike service, relative to its base: the code as one encoded path segment. */
export function invitePath(code: string): string {
  return `bike/invite-code/${encodeURIComponent(code)}`;
}
