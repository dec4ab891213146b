import { sql, type Database } from '../db/database.ts';

export type Bike = { id: number; owner_id: number; name: string; type: 'bike' | 'e-moped'; image_url: string };

export function findBike(db: Database, id: number): Bike | undefined {
  return sql(db, 'SELECT id, owner_id, name, type, image_url FROM bikes WHERE id = ?').get(id) as Bike | undefined;
}

export function bikesOfOwner(db: Database, ownerId: number): Bike[] {
  return sql(db, 'SELECT id, owner_id, name, type, image_url FROM bikes WHERE owner_id = ? ORDER BY id').all(
    ownerId,
  ) as Bike[];
}

export function allBikes(db: Database): (Bike & { owner_display_name: string })[] {
  return sql(
    db,
    'SELECT b.id, b.owner_id, b.name, b.type, b.image_url, u.display_name AS owner_display_name FROM bikes b JOIN users u ON u.id = b.owner_id ORDER BY b.id',
  ).all() as (Bike & { owner_display_name: string })[];
}

export function createBike(db: Database, bike: Omit<Bike, 'id'>, now: number): Bike {
  const result = sql(db, 'INSERT INTO bikes (owner_id, name, type, image_url, created_at) VALUES (?, ?, ?, ?, ?)').run(
    bike.owner_id,
    bike.name,
    bike.type,
    bike.image_url,
    now,
  );
  return { ...bike, id: Number(result.lastInsertRowid) };
}
