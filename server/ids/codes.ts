import { sql, transaction, type Database } from '../db/database.ts';
import { hashSecret, newSecret, s256 } from './secrets.ts';

export const codeLifetimeMs = 60_000;
// RFC 7636 §4.1: 43 to 128 unreserved characters.
const verifierPattern = /^[A-Za-z0-9._~-]{43,128}$/;

type CodeRow = {
  client_id: string;
  redirect_uri: string;
  code_challenge: string;
  user_id: number;
  expires_at: number;
  used_at: number | null;
  family_id: string | null;
};

type Binding = { clientId: string; redirectUri: string; codeChallenge: string; userId: number };

export function issueCode(db: Database, binding: Binding, now: number): string {
  const code = newSecret();
  sql(
    db,
    'INSERT INTO auth_codes (code_hash, client_id, redirect_uri, code_challenge, user_id, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(
    hashSecret(code),
    binding.clientId,
    binding.redirectUri,
    binding.codeChallenge,
    binding.userId,
    now + codeLifetimeMs,
  );
  return code;
}

export type Exchange = { code: string; clientId: string; redirectUri: string; codeVerifier: string };
export type RedeemResult =
  { ok: true; userId: number; codeHash: string } | { ok: false; detail: string; reusedFamily?: string | null };

/** Spends a code once: it must be fresh and match the client, redirect URI and PKCE challenge it was issued for. */
export function redeemCode(db: Database, exchange: Exchange, now: number): RedeemResult {
  const codeHash = hashSecret(exchange.code);
  return transaction(db, () => {
    const row = sql(db, 'SELECT * FROM auth_codes WHERE code_hash = ?').get(codeHash) as CodeRow | undefined;
    if (!row) return { ok: false, detail: 'The authorization code is not valid.' };
    if (row.used_at !== null)
      return { ok: false, detail: 'The authorization code was already used.', reusedFamily: row.family_id };
    if (row.expires_at <= now) return { ok: false, detail: 'The authorization code has expired.' };
    if (row.client_id !== exchange.clientId)
      return { ok: false, detail: 'The authorization code was issued to another client.' };
    if (row.redirect_uri !== exchange.redirectUri)
      return { ok: false, detail: 'The redirect_uri does not match the authorization request.' };
    if (!verifierPattern.test(exchange.codeVerifier) || s256(exchange.codeVerifier) !== row.code_challenge) {
      return { ok: false, detail: 'The code_verifier does not match the code_challenge.' };
    }
    sql(db, 'UPDATE auth_codes SET used_at = ? WHERE code_hash = ?').run(now, codeHash);
    return { ok: true, userId: row.user_id, codeHash };
  });
}

/** Remembers which token family a code produced, so a replayed code can revoke it (RFC 6749 §4.1.2). */
export function linkCodeToFamily(db: Database, codeHash: string, familyId: string): void {
  sql(db, 'UPDATE auth_codes SET family_id = ? WHERE code_hash = ?').run(familyId, codeHash);
}
