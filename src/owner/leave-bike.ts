import { useMutation, useQueryClient } from '@tanstack/react-query';
import { HttpError } from '../http/http-error.ts';
import { sharedBikesKey, type SharedBike } from './shared-bikes-query.ts';
import { OWNER_KEY, useBikeService, type BikeService } from './owner-service.ts';

// DELETE bike/shared/{bikeId}: the signed-in rider stops riding a bike someone shared with them.

export async function leaveBike({ http, base }: BikeService, bikeId: number): Promise<void> {
  try {
    await http.request(`${base}bike/shared/${bikeId}`, { method: 'DELETE' });
  } catch (error) {
    // Not riding it any more (left in another tab, or the owner removed them): as asked.
    if (!(error instanceof HttpError && error.status === 404)) throw error;
  }
}

export function useLeaveBike() {
  const service = useBikeService();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bikeId: number) => leaveBike(service, bikeId),
    onSuccess: (_, bikeId) => {
      queryClient.setQueryData<SharedBike[] | null>(sharedBikesKey, (bikes) =>
        bikes?.filter((bike) => bike.id !== bikeId),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [OWNER_KEY] }),
  });
}
