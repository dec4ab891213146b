import type { Database } from '../db/database.ts';
import { problem, ProblemError, type Problem } from '../../http-kit/problem.ts';
import { findBike, type Bike } from './bikes.ts';
import { isRider } from './riders.ts';

// Who may do what to a bike (docs/behaviour/owner-side.md#the-bike-services-rules): its owner
// everything; one of its riders knows the bike exists, so is told 403; anyone else learns nothing
// from the answer, which is the 404 of a bike that does not exist.

export const bikeNotFound = () => problem(404, 'bike-not-found', 'You have no bike with this id.');

const notOwner = (what: string) => problem(403, 'not-owner', `Only the owner of the bike can ${what}.`);

/** A bike id from a path: digits only, else no bike. */
export function bikeIdOf(raw: string): number | undefined {
  return /^\d{1,12}$/.test(raw) ? Number(raw) : undefined;
}

/**
 * Throws the problem unless `userId` owns the bike: `what` finishes "Only the owner of the bike can …",
 * `missing` is what a stranger is told (the bike's 404, or that of the thing asked about).
 */
export function requireOwner(
  db: Database,
  bikeId: number | undefined,
  userId: number,
  what: string,
  missing: () => Problem = bikeNotFound,
): Bike {
  const bike = bikeId === undefined ? undefined : findBike(db, bikeId);
  if (bike && bike.owner_id === userId) return bike;
  if (bike && isRider(db, bike.id, userId)) throw new ProblemError(notOwner(what));
  throw new ProblemError(missing());
}
