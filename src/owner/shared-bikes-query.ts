import { listQuery, OWNER_KEY, type BikeService } from './owner-service.ts';

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
export const sharedBikesQuery = (service: BikeService) => listQuery<SharedBike>(sharedBikesKey, 'bike/shared', service);
