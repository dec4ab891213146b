import { useMutation, useQueryClient } from '@tanstack/react-query';
import { INVITE_DAYS, OwnerInviteSchema } from '../contract/bike-service.ts';
import { bikeCall } from '../http/bike-service.ts';
import { ownerBikesKey, type OwnerBike, type OwnerInvite } from './owner-bikes-query.ts';
import { IDEMPOTENCY_KEY_HEADER } from '../contract/problem-types.ts';
import { OWNER_KEY, useBikeService, type BikeService } from './owner-service.ts';
import { recordField } from '../field/record.ts';
import { afterNextPaint } from '../ui/when-idle.ts';

export const VALIDITY_DAYS = INVITE_DAYS;

/** A new key for one invite the owner asks for: random, in the header's form (a Structured Field string). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_');
}

/** `access_until` with the owner's `time_zone`: the rider's last day (docs/decisions/0045-lend-until.md). */
export type NewInvite = { days: number; key: string; note?: string; access_until?: string; time_zone?: string };

export function createInvite(
  { http, base }: BikeService,
  bikeId: number,
  { days, key, note = '', ...access }: NewInvite,
): Promise<OwnerInvite> {
  return bikeCall(http, `${base}bike/${bikeId}/invite-code`, OwnerInviteSchema, {
    method: 'POST',
    body: { days, ...(note.trim() ? { note } : {}), ...access },
    headers: { [IDEMPOTENCY_KEY_HEADER]: `"${key}"` },
  });
}

/** `bikes` with the invite just made first in its bike's list, unless a reading since a lost answer has it already. */
export const withCreated = (bikes: OwnerBike[] | null | undefined, bikeId: number, invite: OwnerInvite) =>
  bikes?.map((bike) =>
    bike.id === bikeId && !bike.invites.some((listed) => listed.code === invite.code)
      ? { ...bike, invites: [invite, ...bike.invites] }
      : bike,
  );

/** One invite per key: a Create tapped again after a lost answer gets the invite the first made. */
export function useCreateInvite(bikeId: number) {
  const service = useBikeService();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: NewInvite) => createInvite(service, bikeId, request),
    // The lists behind the dialog after the frame that shows the link (not awaited: nor read again before it).
    onSuccess: (invite) => {
      recordField('invite_created');
      void afterNextPaint().then(() =>
        queryClient.setQueryData<OwnerBike[] | null>(ownerBikesKey, (bikes) => withCreated(bikes, bikeId, invite)),
      );
    },
    onSettled: () => void afterNextPaint().then(() => queryClient.invalidateQueries({ queryKey: [OWNER_KEY] })),
  });
}
