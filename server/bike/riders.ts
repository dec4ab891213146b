import { sql, type Database } from '../db/database.ts';

export type RiderRow = { user_id: number; display_name: string; avatar_url: string | null; since: number };

export type SharedBikeRow = {
  id: number;
  name: string;
  type: 'bike' | 'e-moped';
  image_url: string;
  owner_display_name: string;
  since: number;
};

export function ridersOfBike(db: Database, bikeId: number): RiderRow[] {
  return sql(
    db,
    `SELECT r.user_id, u.display_name, u.avatar_url, r.since FROM riders r JOIN users u ON u.id = r.user_id
       WHERE r.bike_id = ? ORDER BY r.since, r.user_id`,
  ).all(bikeId) as RiderRow[];
}

export function isRider(db: Database, bikeId: number, userId: number): boolean {
  return sql(db, 'SELECT 1 FROM riders WHERE bike_id = ? AND user_id = ?').get(bikeId, userId) !== undefined;
}

export function bikesSharedWith(db: Database, userId: number): SharedBikeRow[] {
  return sql(
    db,
    `SELECT b.id, b.name, b.type, b.image_url, u.display_name AS owner_display_name, r.since
       FROM riders r JOIN bikes b ON b.id = r.bike_id JOIN users u ON u.id = b.owner_id
       WHERE r.user_id = ? ORDER BY r.since, b.id`,
  ).all(userId) as SharedBikeRow[];
}

/** Called inside the redeem's transaction; a rider who accepts another invite keeps their first `since`. */
export function addRider(db: Database, bikeId: number, userId: number, now: number): void {
  sql(db, 'INSERT INTO riders (bike_id, user_id, since) VALUES (?, ?, ?) ON CONFLICT DO NOTHING').run(
    bikeId,
    userId,
    now,
  );
}

/** False when the user did not ride the bike (any more): removing and leaving are the same act. */
export function removeRider(db: Database, bikeId: number, userId: number): boolean {
  return sql(db, 'DELETE FROM riders WHERE bike_id = ? AND user_id = ?').run(bikeId, userId).changes === 1;
}
