import type { OwnerInvite } from './owner-bikes-query.ts';

/** A bike's invites for its owner: the open ones, and the ended ones (accepted ones among them) newest first. */
export function groupInvites(invites: OwnerInvite[], now: number): { open: OwnerInvite[]; ended: OwnerInvite[] } {
  const newestFirst = invites.toSorted((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
  const ended = (invite: OwnerInvite) => invite.status !== 'pending' || Date.parse(invite.expires_at) <= now;
  return {
    open: newestFirst.filter((invite) => invite.status === 'pending' && !ended(invite)),
    ended: newestFirst.filter(ended),
  };
}
