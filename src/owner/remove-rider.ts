import { useMutation, useQueryClient } from '@tanstack/react-query';
import { HttpError } from '../http/http-error.ts';
import { ownerBikesKey, type OwnerBike } from './owner-bikes-query.ts';
import { OWNER_KEY, useBikeService, type BikeService } from './owner-service.ts';
import { recordField } from '../field/record.ts';

// DELETE bike/{bikeId}/rider/{riderId}: the rider no longer rides the owner's bike.

export async function removeRider({ http, base }: BikeService, bikeId: number, riderId: number): Promise<void> {
  try {
    await http.request(`${base}bike/${bikeId}/rider/${riderId}`, { method: 'DELETE' });
  } catch (error) {
    // Not a rider any more: what the owner asked for (only a service with riders offers the removal).
    if (!(error instanceof HttpError && error.status === 404)) throw error;
  }
}

export function useRemoveRider() {
  const service = useBikeService();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bikeId, riderId }: { bikeId: number; riderId: number }) => removeRider(service, bikeId, riderId),
    onSuccess: (_, { bikeId, riderId }) => {
      recordField('rider_removed');
      queryClient.setQueryData<OwnerBike[] | null>(ownerBikesKey, (bikes) =>
        bikes?.map((bike) =>
          bike.id === bikeId ? { ...bike, riders: bike.riders?.filter((rider) => rider.id !== riderId) } : bike,
        ),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [OWNER_KEY] }),
  });
}
