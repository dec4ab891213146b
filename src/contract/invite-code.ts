// An invite code: 1 to 64 letters, digits, `-` or `_`, checked before any request; the bike service refuses others.
export const INVITE_CODE = /^[A-Za-z0-9_-]{1,64}$/;

declare const parsed: unique symbol;
/** A code read by parseInviteCode, its only maker: what takes one need not check it again. */
export type InviteCode = string & { readonly [parsed]: true };

export function parseInviteCode(value: unknown): InviteCode | undefined {
  return typeof value === 'string' && INVITE_CODE.test(value) ? (value as InviteCode) : undefined;
}

/** An invite's address at the bike service, relative to its base: the code as one encoded path segment. */
export function invitePath(code: string): string {
  return `bike/invite-code/${encodeURIComponent(code)}`;
}
