import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RiderSchema, type Rider } from '../contract/bike-service.ts';
import { bikeCall } from '../http/bike-service.ts';
import { ownerZone } from './access-date.ts';
import { ownerBikesKey, type OwnerBike } from './owner-bikes-query.ts';
import { OWNER_KEY, useBikeService, type BikeService } from './owner-service.ts';

// PATCH bike/{bikeId}/rider/{riderId}: until when a rider may ride (docs/decisions/0045-lend-until.md).

export type AccessChange = { access_until: string | null; time_zone?: string } | { end_now: true; time_zone: string };

export const endNow = (): AccessChange => ({ end_now: true, time_zone: ownerZone() });

export function changeAccess(
  { http, base }: BikeService,
  bikeId: number,
  riderId: number,
  change: AccessChange,
): Promise<Rider> {
  return bikeCall(http, `${base}bike/${bikeId}/rider/${riderId}`, RiderSchema, { method: 'PATCH', body: change });
}

/** The same change twice is one result, so a retry after a lost answer is safe. */
export function useChangeAccess() {
  const service = useBikeService();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bikeId, riderId, change }: { bikeId: number; riderId: number; change: AccessChange }) =>
      changeAccess(service, bikeId, riderId, change),
    onSuccess: (rider, { bikeId }) => {
      queryClient.setQueryData<OwnerBike[] | null>(ownerBikesKey, (bikes) =>
        bikes?.map((bike) =>
          bike.id === bikeId ? { ...bike, riders: bike.riders?.map((r) => (r.id === rider.id ? rider : r)) } : bike,
        ),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [OWNER_KEY] }),
  });
}
