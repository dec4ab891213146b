import type { OwnerInvite } from './owner-bikes-query.ts';

/**
 * A bike's invites as its owner needs them: the open ones (still pending, not yet expired by the
 * clock) to share or withdraw, and the ended ones (expired or withdrawn), newest first. Accepted
 * ones are not listed: their invitee is among the riders.
 */
export function groupInvites(invites: OwnerInvite[], now: number): { open: OwnerInvite[]; ended: OwnerInvite[] } {
  const newestFirst = invites.toSorted((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
  const ended = (invite: OwnerInvite) =>
    invite.status === 'revoked' || invite.status === 'expired' || Date.parse(invite.expires_at) <= now;
  return {
    open: newestFirst.filter((invite) => invite.status === 'pending' && !ended(invite)),
    ended: newestFirst.filter((invite) => invite.status !== 'accepted' && ended(invite)),
  };
}
