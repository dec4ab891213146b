import { useMutation, useQueryClient } from '@tanstack/react-query';
import { INVITE_DAYS, OwnerInviteSchema } from '../contract/bike-service.ts';
import { bikeCall } from '../http/bike-service.ts';
import { ownerBikesKey, type OwnerBike, type OwnerInvite } from './owner-bikes-query.ts';
import { OWNER_KEY, useBikeService, type BikeService } from './owner-service.ts';
import { recordField } from '../field/record.ts';

// POST bike/{bikeId}/invite-code: a new invite, valid for `days` (1–30).

export const VALIDITY_DAYS = INVITE_DAYS;

export function createInvite({ http, base }: BikeService, bikeId: number, days: number): Promise<OwnerInvite> {
  return bikeCall(http, `${base}bike/${bikeId}/invite-code`, OwnerInviteSchema, { method: 'POST', body: { days } });
}

/** One invite per call, never retried: a retried POST whose answer was lost would make a second invite. */
export function useCreateInvite(bikeId: number) {
  const service = useBikeService();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (days: number) => createInvite(service, bikeId, days),
    onSuccess: (invite) => {
      recordField('invite_created');
      queryClient.setQueryData<OwnerBike[] | null>(ownerBikesKey, (bikes) =>
        bikes?.map((bike) => (bike.id === bikeId ? { ...bike, invites: [invite, ...bike.invites] } : bike)),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [OWNER_KEY] }),
  });
}
