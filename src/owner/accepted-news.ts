import type { OwnerBike, OwnerInvite } from './owner-bikes-query.ts';

/** Each invite's status by its code, as one reading of the list had it. */
export type SeenInvites = ReadonlyMap<string, OwnerInvite['status']>;

export const seenInvites = (bikes: readonly OwnerBike[]): SeenInvites =>
  new Map(bikes.flatMap((bike) => bike.invites.map((invite) => [invite.code, invite.status] as const)));

/** The invites seen open before, or made since (in another tab), and accepted now, with their bike, and who accepted each: what the owner is told. */
export function newlyAccepted(before: SeenInvites, bikes: readonly OwnerBike[]) {
  const wasOpen = (code: string) => (before.get(code) ?? 'pending') === 'pending';
  return bikes.flatMap((bike) =>
    bike.invites.flatMap((invite) =>
      invite.status === 'accepted' && invite.accepted_by && wasOpen(invite.code)
        ? [{ bike: bike.name, name: invite.accepted_by.display_name, code: invite.code }]
        : [],
    ),
  );
}
