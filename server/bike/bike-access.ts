import type { Database } from '../db/database.ts';
import { problem, ProblemError, type Problem } from '../../http-kit/problem.ts';
import { findBike, type Bike } from './bikes.ts';
import { isRider } from './riders.ts';

// Who may do what to a bike (docs/behaviour/owner-side.md#the-bike-services-rules): a rider is told
// 403; a stranger learns nothing, the 404 of a bike that does not exist.

export const bikeNotFound = () => problem(404, 'bike-not-found', 'You have no bike with this id.');

const notOwner = (what: string) => problem(403, 'not-owner', `Only the owner of the bike can ${what}.`);

/** A bike id from a path: digits only, else no bike. */
export function bikeIdOf(raw: string): number | undefined {
  return /^\d{1,12}$/.test(raw) ? Number(raw) : undefined;
}

/** Throws unless `userId` owns the bike; `what` ends "Only the owner of the bike can …", `missing` is a stranger's 404 (a rider whose access ended is one again). */
export function requireOwner(
  db: Database,
  bikeId: number | undefined,
  userId: number,
  now: number,
  what: string,
  missing: () => Problem = bikeNotFound,
): Bike {
  const bike = bikeId === undefined ? undefined : findBike(db, bikeId);
  if (bike && bike.owner_id === userId) return bike;
  if (bike && isRider(db, bike.id, userId, now)) throw new ProblemError(notOwner(what));
  throw new ProblemError(missing());
}
