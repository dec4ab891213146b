import { randomUUID } from 'node:crypto';
import { sql, transaction, type Database } from '../db/database.ts';
import { hashSecret, newSecret } from './secrets.ts';

export type TokenResponse = { access_token: string; token_type: 'Bearer'; refresh_token: string; expires_in: number };
export type TokenSettings = { accessTtlSeconds: number; refreshTtlSeconds: number };
export type Principal = { userId: number; familyId: string };
export type RotateResult = { ok: true; tokens: TokenResponse } | { ok: false; detail: string };

type RefreshRow = {
  family_id: string;
  expires_at: number;
  rotated_at: number | null;
  client_id: string;
  revoked_at: number | null;
};

function issueInFamily(db: Database, familyId: string, settings: TokenSettings, now: number): TokenResponse {
  const access = newSecret();
  const refresh = newSecret();
  sql(db, 'INSERT INTO access_tokens (token_hash, family_id, expires_at) VALUES (?, ?, ?)').run(
    hashSecret(access),
    familyId,
    now + settings.accessTtlSeconds * 1000,
  );
  sql(db, 'INSERT INTO refresh_tokens (token_hash, family_id, expires_at) VALUES (?, ?, ?)').run(
    hashSecret(refresh),
    familyId,
    now + settings.refreshTtlSeconds * 1000,
  );
  return { access_token: access, token_type: 'Bearer', refresh_token: refresh, expires_in: settings.accessTtlSeconds };
}

/** A login starts a token family; every refresh token it later rotates into belongs to it. */
export function startFamily(db: Database, userId: number, clientId: string, settings: TokenSettings, now: number) {
  const familyId = randomUUID();
  return transaction(db, () => {
    sql(db, 'INSERT INTO token_families (id, user_id, client_id, created_at) VALUES (?, ?, ?, ?)').run(
      familyId,
      userId,
      clientId,
      now,
    );
    return { familyId, tokens: issueInFamily(db, familyId, settings, now) };
  });
}

export function revokeFamily(db: Database, familyId: string, reason: string, now: number): void {
  sql(db, 'UPDATE token_families SET revoked_at = ?, revoked_reason = ? WHERE id = ? AND revoked_at IS NULL').run(
    now,
    reason,
    familyId,
  );
}

/** Refresh-token rotation; presenting an already rotated token is treated as theft and ends the family. */
export function rotateRefreshToken(
  db: Database,
  refreshToken: string,
  clientId: string,
  settings: TokenSettings,
  now: number,
): RotateResult {
  const tokenHash = hashSecret(refreshToken);
  return transaction(db, (): RotateResult => {
    const row = sql(
      db,
      `SELECT r.family_id, r.expires_at, r.rotated_at, f.client_id, f.revoked_at
         FROM refresh_tokens r JOIN token_families f ON f.id = r.family_id WHERE r.token_hash = ?`,
    ).get(tokenHash) as RefreshRow | undefined;
    if (!row) return { ok: false, detail: 'The refresh token is not valid.' };
    if (row.revoked_at !== null) return { ok: false, detail: 'The refresh token has been revoked.' };
    if (row.rotated_at !== null) {
      revokeFamily(db, row.family_id, 'refresh token reused', now);
      return { ok: false, detail: 'The refresh token was already used; its session has been ended.' };
    }
    if (row.expires_at <= now) return { ok: false, detail: 'The refresh token has expired.' };
    if (row.client_id !== clientId) return { ok: false, detail: 'The refresh token was issued to another client.' };
    sql(db, 'UPDATE refresh_tokens SET rotated_at = ? WHERE token_hash = ?').run(now, tokenHash);
    return { ok: true, tokens: issueInFamily(db, row.family_id, settings, now) };
  });
}

/** The user behind a bearer access token, if it is current and its family was not revoked. */
export function authenticateAccessToken(db: Database, accessToken: string, now: number): Principal | undefined {
  const row = sql(
    db,
    `SELECT f.user_id AS userId, f.id AS familyId FROM access_tokens a JOIN token_families f ON f.id = a.family_id
       WHERE a.token_hash = ? AND a.expires_at > ? AND f.revoked_at IS NULL`,
  ).get(hashSecret(accessToken), now) as Principal | undefined;
  return row ? { userId: row.userId, familyId: row.familyId } : undefined;
}

/** Drops rows that can no longer be used; rotated refresh tokens stay until expiry to catch replays. */
export function pruneExpired(db: Database, now: number): void {
  sql(db, 'DELETE FROM access_tokens WHERE expires_at <= ?').run(now);
  sql(db, 'DELETE FROM refresh_tokens WHERE expires_at <= ?').run(now);
  sql(db, 'DELETE FROM auth_codes WHERE expires_at <= ?').run(now - 24 * 3600 * 1000);
}
