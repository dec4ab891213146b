import { sql, type Database } from '../db/database.ts';

/** Until when a rider may ride: the day the owner chose and the instant it ends; nulls: until removed. */
export type Access = { access_until: string | null; access_ends_at: number | null };
export const UNTIL_REMOVED: Access = { access_until: null, access_ends_at: null };

export type RiderRow = Access & { user_id: number; display_name: string; avatar_url: string | null; since: number };

export type SharedBikeRow = {
  id: number;
  name: string;
  type: 'bike' | 'e-moped';
  image_url: string;
  owner_display_name: string;
  since: number;
  access_until: string | null;
};

// A rider whose access has ended keeps their row (the owner sees it ended, and may lend again) but
// rides no more: every check of who rides reads this.
const riding = '(r.access_ends_at IS NULL OR r.access_ends_at > ?)';

export const accessEnded = (access: Access, now: number) =>
  access.access_ends_at !== null && access.access_ends_at <= now;

export function ridersOfBike(db: Database, bikeId: number): RiderRow[] {
  return sql(
    db,
    `SELECT r.user_id, u.display_name, u.avatar_url, r.since, r.access_until, r.access_ends_at
       FROM riders r JOIN users u ON u.id = r.user_id
       WHERE r.bike_id = ? ORDER BY r.since, r.user_id`,
  ).all(bikeId) as RiderRow[];
}

export function findRider(db: Database, bikeId: number, userId: number): RiderRow | undefined {
  return ridersOfBike(db, bikeId).find((rider) => rider.user_id === userId);
}

export function isRider(db: Database, bikeId: number, userId: number, now: number): boolean {
  return (
    sql(db, `SELECT 1 FROM riders r WHERE r.bike_id = ? AND r.user_id = ? AND ${riding}`).get(bikeId, userId, now) !==
    undefined
  );
}

export function bikesSharedWith(db: Database, userId: number, now: number): SharedBikeRow[] {
  return sql(
    db,
    `SELECT b.id, b.name, b.type, b.image_url, u.display_name AS owner_display_name, r.since, r.access_until
       FROM riders r JOIN bikes b ON b.id = r.bike_id JOIN users u ON u.id = b.owner_id
       WHERE r.user_id = ? AND ${riding} ORDER BY r.since, b.id`,
  ).all(userId, now) as SharedBikeRow[];
}

/**
 * Called inside the redeem's transaction, for someone who does not ride the bike at `now`: a new
 * rider, or one whose access had ended, lent again on the invite's terms (keeping their first `since`).
 */
export function addRider(
  db: Database,
  bikeId: number,
  userId: number,
  now: number,
  access: Access = UNTIL_REMOVED,
): void {
  sql(
    db,
    `INSERT INTO riders (bike_id, user_id, since, access_until, access_ends_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (bike_id, user_id) DO UPDATE SET access_until = excluded.access_until, access_ends_at = excluded.access_ends_at
       WHERE riders.access_ends_at IS NOT NULL AND riders.access_ends_at <= ?`,
  ).run(bikeId, userId, now, access.access_until, access.access_ends_at, now);
}

export function setAccess(db: Database, bikeId: number, userId: number, access: Access): boolean {
  return (
    sql(db, 'UPDATE riders SET access_until = ?, access_ends_at = ? WHERE bike_id = ? AND user_id = ?').run(
      access.access_until,
      access.access_ends_at,
      bikeId,
      userId,
    ).changes === 1
  );
}

/** False when the user was not listed (or, with `ridingAt`, did not ride at that time): removing and leaving are the same act. */
export function removeRider(db: Database, bikeId: number, userId: number, ridingAt?: number): boolean {
  if (ridingAt !== undefined && !isRider(db, bikeId, userId, ridingAt)) return false;
  return sql(db, 'DELETE FROM riders WHERE bike_id = ? AND user_id = ?').run(bikeId, userId).changes === 1;
}
