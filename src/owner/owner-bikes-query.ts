import { OWNER_LISTS } from '../contract/service-urls.ts';
import { OwnerBikeSchema, type OwnerBike, type OwnerInvite, type Rider } from '../contract/bike-service.ts';
import { listQuery, OWNER_KEY, type BikeService } from './owner-service.ts';

// GET bike: the signed-in user's bikes with their riders and invites (src/contract/bike-service.ts, OwnerBike).

export type { OwnerBike, OwnerInvite, Rider };

export const ownerBikesKey = [OWNER_KEY, 'bikes'] as const;

/** `null`: the service has no owner calls; the home page shows what the spec's calls allow. */
export const ownerBikesQuery = (service: BikeService) =>
  listQuery(ownerBikesKey, OWNER_LISTS.bikes, OwnerBikeSchema, service);
