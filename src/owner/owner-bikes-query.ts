import type { InviteStatus } from '../contract/invite-status.ts';
import { listQuery, OWNER_KEY, type BikeService } from './owner-service.ts';

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
export const ownerBikesQuery = (service: BikeService) => listQuery<OwnerBike>(ownerBikesKey, 'bike', service);
