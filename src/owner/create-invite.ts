import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ownerBikesKey, type OwnerBike, type OwnerInvite } from './owner-bikes-query.ts';
import { OWNER_KEY, useBikeService, type BikeService } from './owner-service.ts';

// POST bike/{bikeId}/invite-code: a new invite, valid for `days` (1–30).

export const VALIDITY_DAYS = { min: 1, max: 30, default: 7 } as const;

export function createInvite({ http, base }: BikeService, bikeId: number, days: number): Promise<OwnerInvite> {
  return http.post<OwnerInvite>(`${base}bike/${bikeId}/invite-code`, { days });
}

/** One invite per call, never retried: a retried POST whose answer was lost would make a second invite. */
export function useCreateInvite(bikeId: number) {
  const service = useBikeService();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (days: number) => createInvite(service, bikeId, days),
    onSuccess: (invite) => {
      queryClient.setQueryData<OwnerBike[] | null>(ownerBikesKey, (bikes) =>
        bikes?.map((bike) => (bike.id === bikeId ? { ...bike, invites: [invite, ...bike.invites] } : bike)),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [OWNER_KEY] }),
  });
}
