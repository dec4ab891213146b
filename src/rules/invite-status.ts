// An invite's status as the bike service reports it (`status` of GET bike/invite-code/{code}, and
// `invite_status` of its 410 problem). `expired` is derived from the clock; `revoked` means the
// owner withdrew it.
export const INVITE_STATUSES = ['pending', 'accepted', 'expired', 'revoked'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

export function isInviteStatus(value: unknown): value is InviteStatus {
  return (INVITE_STATUSES as readonly unknown[]).includes(value);
}
