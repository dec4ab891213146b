import { randomBytes } from 'node:crypto';
import { sql, type Database } from '../db/database.ts';
import { hashPassword } from './passwords.ts';

export type User = {
  id: number;
  email: string;
  display_name: string;
  password_hash: string;
  avatar_url: string | null;
};

export const emailPattern = /^[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@]{2,}$/;

export function findUserByEmail(db: Database, email: string): User | undefined {
  return sql(db, 'SELECT id, email, display_name, password_hash, avatar_url FROM users WHERE email = ?').get(
    email.trim(),
  ) as User | undefined;
}

export function findUserById(db: Database, id: number): User | undefined {
  return sql(db, 'SELECT id, email, display_name, password_hash, avatar_url FROM users WHERE id = ?').get(id) as
    User | undefined;
}

type NewUser = { email: string; displayName: string; password: string; avatarUrl?: string | undefined };
type HashedUser = Omit<NewUser, 'password'> & { passwordHash: string };

export const avatarPath = (name: string) => `/ids/avatars/${name}.svg`;
const randomAvatarName = () => randomBytes(16).toString('base64url');

/** The user whose generated avatar has this path. */
export function findUserByAvatar(db: Database, path: string): User | undefined {
  return sql(db, 'SELECT id, email, display_name, password_hash, avatar_url FROM users WHERE avatar_url = ?').get(
    path,
  ) as User | undefined;
}

/** Returns undefined when the email is already registered. */
export async function createUser(db: Database, user: NewUser, now: number): Promise<User | undefined> {
  return insertUser(db, { ...user, passwordHash: await hashPassword(user.password) }, now);
}

export function insertUser(db: Database, user: HashedUser, now: number): User | undefined {
  const result = sql(
    db,
    `INSERT INTO users (email, display_name, password_hash, avatar_url, created_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (email) DO NOTHING`,
  ).run(user.email.trim(), user.displayName.trim(), user.passwordHash, user.avatarUrl ?? null, now);
  if (result.changes === 0) return undefined;
  const id = Number(result.lastInsertRowid);
  // An unguessable name: a sequential one would tell anyone which accounts exist.
  if (!user.avatarUrl) sql(db, 'UPDATE users SET avatar_url = ? WHERE id = ?').run(avatarPath(randomAvatarName()), id);
  return findUserById(db, id);
}
