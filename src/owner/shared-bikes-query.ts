import { queryOptions } from '@tanstack/react-query';
import {
  isNotOffered,
  LIST_RETRY_DELAY_MS,
  LIST_TIMEOUT_MS,
  listRetry,
  OWNER_GC_MS,
  OWNER_KEY,
  OWNER_STALE_MS,
  type BikeService,
} from './owner-service.ts';

// GET bike/shared: the bikes others share with the signed-in user (docs/openapi.yaml, SharedBike).

export type SharedBike = {
  id: number;
  name: string;
  type: string;
  image_url: string;
  owner_display_name: string;
  since: string;
};

export const sharedBikesKey = [OWNER_KEY, 'shared'] as const;

/** `null`: the service cannot list them; the section is left out. */
export const sharedBikesQuery = ({ http, base }: BikeService) =>
  queryOptions<SharedBike[] | null>({
    queryKey: sharedBikesKey,
    queryFn: async ({ signal }) => {
      try {
        return await http.get<SharedBike[]>(`${base}bike/shared`, { signal, timeoutMs: LIST_TIMEOUT_MS });
      } catch (error) {
        if (isNotOffered(error)) return null;
        throw error;
      }
    },
    retry: listRetry,
    retryDelay: LIST_RETRY_DELAY_MS,
    staleTime: OWNER_STALE_MS,
    gcTime: OWNER_GC_MS,
  });
