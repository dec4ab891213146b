import { OWNER_LISTS } from '../contract/service-urls.ts';
import { SharedBikeSchema, type SharedBike } from '../contract/bike-service.ts';
import { listQuery, OWNER_KEY, type BikeService } from './owner-service.ts';

// GET bike/shared: the bikes others share with the signed-in user (src/contract/bike-service.ts, SharedBike).

export type { SharedBike };

export const sharedBikesKey = [OWNER_KEY, 'shared'] as const;

/** `null`: the service cannot list them; the section is left out. */
export const sharedBikesQuery = (service: BikeService) =>
  listQuery(sharedBikesKey, OWNER_LISTS.shared, SharedBikeSchema, service);
