import type { OwnerBike, OwnerInvite } from './owner-bikes-query.ts';

/** One reading of the list: each invite's status by its code, and each bike's newest invite then. */
export type SeenInvites = {
  statuses: ReadonlyMap<string, OwnerInvite['status']>;
  newest: ReadonlyMap<number, string>;
};

const newestOf = (bike: OwnerBike) =>
  bike.invites.reduce((newest, invite) => (invite.created_at > newest ? invite.created_at : newest), '');

export const seenInvites = (bikes: readonly OwnerBike[]): SeenInvites => ({
  statuses: new Map(bikes.flatMap((bike) => bike.invites.map((invite) => [invite.code, invite.status] as const))),
  newest: new Map(bikes.map((bike) => [bike.id, newestOf(bike)])),
});

/** Listed open at the last reading, or made since (in another tab); not an older one the list did not carry then
 * (it carries a bike's newest few), which may come into it later, accepted long ago. */
function wasOpen(before: SeenInvites, bike: OwnerBike, invite: OwnerInvite): boolean {
  const status = before.statuses.get(invite.code);
  if (status !== undefined) return status === 'pending';
  const newest = before.newest.get(bike.id);
  return newest !== undefined && invite.created_at > newest;
}

/** The invites open before and accepted now, with their bike, and who accepted each: what the owner is told. */
export function newlyAccepted(before: SeenInvites, bikes: readonly OwnerBike[]) {
  return bikes.flatMap((bike) =>
    bike.invites.flatMap((invite) =>
      invite.status === 'accepted' && invite.accepted_by && wasOpen(before, bike, invite)
        ? [{ bike: bike.name, name: invite.accepted_by.display_name, code: invite.code }]
        : [],
    ),
  );
}
