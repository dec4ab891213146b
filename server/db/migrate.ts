import type { DatabaseSync } from 'node:sqlite';

/** Each entry moves the schema one version up; never edit a released entry, append a new one. */
const migrations: string[] = [
  `CREATE TABLE users (
     id INTEGER PRIMARY KEY,
     email TEXT NOT NULL UNIQUE COLLATE NOCASE,
     display_name TEXT NOT NULL,
     password_hash TEXT NOT NULL,
     avatar_url TEXT,
     created_at INTEGER NOT NULL
   );
   CREATE TABLE auth_codes (
     code_hash TEXT PRIMARY KEY,
     client_id TEXT NOT NULL,
     redirect_uri TEXT NOT NULL,
     code_challenge TEXT NOT NULL,
     user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
     expires_at INTEGER NOT NULL,
     used_at INTEGER,
     family_id TEXT
   );
   CREATE TABLE token_families (
     id TEXT PRIMARY KEY,
     user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
     client_id TEXT NOT NULL,
     created_at INTEGER NOT NULL,
     revoked_at INTEGER,
     revoked_reason TEXT
   );
   CREATE TABLE refresh_tokens (
     token_hash TEXT PRIMARY KEY,
     family_id TEXT NOT NULL REFERENCES token_families(id) ON DELETE CASCADE,
     expires_at INTEGER NOT NULL,
     rotated_at INTEGER
   );
   CREATE TABLE access_tokens (
     token_hash TEXT PRIMARY KEY,
     family_id TEXT NOT NULL REFERENCES token_families(id) ON DELETE CASCADE,
     expires_at INTEGER NOT NULL
   );
   CREATE TABLE accounts (
     user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
     language TEXT NOT NULL,
     created_at INTEGER NOT NULL
   );
   CREATE TABLE bikes (
     id INTEGER PRIMARY KEY,
     owner_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
     name TEXT NOT NULL,
     type TEXT NOT NULL CHECK (type IN ('bike', 'e-moped')),
     image_url TEXT NOT NULL,
     created_at INTEGER NOT NULL
   );
   CREATE TABLE invites (
     code TEXT PRIMARY KEY,
     bike_id INTEGER NOT NULL REFERENCES bikes(id) ON DELETE CASCADE,
     created_at INTEGER NOT NULL,
     expires_at INTEGER NOT NULL,
     accepted_by INTEGER REFERENCES users(id) ON DELETE SET NULL,
     accepted_at INTEGER,
     revoked_at INTEGER,
     CHECK (accepted_at IS NULL OR revoked_at IS NULL)
   );
   CREATE INDEX refresh_tokens_family ON refresh_tokens(family_id);
   CREATE INDEX access_tokens_family ON access_tokens(family_id);
   CREATE INDEX bikes_owner ON bikes(owner_id);
   CREATE INDEX invites_bike ON invites(bike_id);`,
  // Who rides a bike, until removed or leaving; filled from the invites accepted so far.
  `CREATE TABLE riders (
     bike_id INTEGER NOT NULL REFERENCES bikes(id) ON DELETE CASCADE,
     user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
     since INTEGER NOT NULL,
     PRIMARY KEY (bike_id, user_id)
   );
   CREATE INDEX riders_user ON riders(user_id);
   INSERT INTO riders (bike_id, user_id, since)
     SELECT bike_id, accepted_by, MIN(accepted_at) FROM invites
     WHERE accepted_by IS NOT NULL AND accepted_at IS NOT NULL GROUP BY bike_id, accepted_by;`,
  // A create's Idempotency-Key, per user: a repeat of the same request answers with the same invite.
  `CREATE TABLE invite_requests (
     user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
     idempotency_key TEXT NOT NULL,
     request TEXT NOT NULL,
     code TEXT NOT NULL REFERENCES invites(code) ON DELETE CASCADE,
     PRIMARY KEY (user_id, idempotency_key)
   );`,
  // Who an invite is for, in the owner's words: shown to the owner only.
  `ALTER TABLE invites ADD COLUMN note TEXT;`,
  // Lending until a day (docs/decisions/0045-lend-until.md): the day as the owner chose it, and the
  // instant it ends where they were, which is what access is checked against.
  `ALTER TABLE invites ADD COLUMN access_until TEXT;
   ALTER TABLE invites ADD COLUMN access_ends_at INTEGER;
   ALTER TABLE riders ADD COLUMN access_until TEXT;
   ALTER TABLE riders ADD COLUMN access_ends_at INTEGER;`,
];

export const schemaVersion = migrations.length;

export function migrate(db: DatabaseSync): void {
  const row = db.prepare('PRAGMA user_version').get() as { user_version: number };
  const current = row.user_version;
  if (current > migrations.length) {
    throw new Error(`database schema version ${current} is newer than this server (${migrations.length})`);
  }
  for (let version = current; version < migrations.length; version++) {
    db.exec('BEGIN IMMEDIATE');
    try {
      db.exec(migrations[version] ?? '');
      // PRAGMA does not take parameters; version is a trusted integer.
      db.exec(`PRAGMA user_version = ${version + 1}`);
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  }
}
