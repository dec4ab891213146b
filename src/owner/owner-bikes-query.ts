import { queryOptions } from '@tanstack/react-query';
import type { InviteStatus } from '../contract/invite-status.ts';
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

// GET bike: the signed-in user's bikes with their riders and invites (docs/openapi.yaml, OwnerBike).

export type OwnerInvite = {
  code: string;
  bike_id: number;
  owner_display_name: string;
  bike_name: string;
  bike_image_url: string;
  type: string;
  status: InviteStatus;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
};

export type Rider = { id: number; display_name: string; avatar_url: string | null; since: string };

export type OwnerBike = {
  id: number;
  name: string;
  type: string;
  image_url: string;
  /** Absent from a service without riders: then none are shown, nor a way to remove one. */
  riders?: Rider[];
  invites: OwnerInvite[];
};

export const ownerBikesKey = [OWNER_KEY, 'bikes'] as const;

/** `null`: the service has no owner calls; the home page shows what the spec's calls allow. */
export const ownerBikesQuery = ({ http, base }: BikeService) =>
  queryOptions<OwnerBike[] | null>({
    queryKey: ownerBikesKey,
    queryFn: async ({ signal }) => {
      try {
        return await http.get<OwnerBike[]>(`${base}bike`, { signal, timeoutMs: LIST_TIMEOUT_MS });
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
