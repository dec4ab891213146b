// An invite's status (`status`, or a 410's `invite_status`); `revoked`: the owner withdrew it.
export const INVITE_STATUSES = ['pending', 'accepted', 'expired', 'revoked'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

export function isInviteStatus(value: unknown): value is InviteStatus {
  return (INVITE_STATUSES as readonly unknown[]).includes(value);
}
