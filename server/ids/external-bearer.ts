import type { Database } from '../db/database.ts';
import { cleanName } from '../../src/contract/clean-name.ts';
import { findUserByEmail, insertUser } from './users.ts';
import type { Principal } from './tokens.ts';

/** A token's account: its `email` only when `email_verified` is true, else `sub:{sub}`, which no address can equal. */
export function accountKey(claims: Record<string, unknown>): string | undefined {
  if (claims.email_verified === true && typeof claims.email === 'string' && claims.email !== '') return claims.email;
  return typeof claims.sub === 'string' && claims.sub !== '' ? `sub:${claims.sub}` : undefined;
}

/** Behind a standard provider, a token is valid when its userinfo accepts it; a first-time account gets a row. */
export function createExternalBearer(issuer: string, db: Database, now: () => number) {
  let userinfo: Promise<string> | undefined;
  const discover = async () => {
    const response = await fetch(`${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`);
    const metadata = (await response.json()) as { issuer?: string; userinfo_endpoint?: string };
    if (!response.ok || metadata.issuer !== issuer || !metadata.userinfo_endpoint)
      throw new Error(`${issuer} has no usable OpenID Connect metadata`);
    return metadata.userinfo_endpoint;
  };

  return async (accessToken: string): Promise<Principal | undefined> => {
    userinfo ??= discover().catch((error: unknown) => {
      userinfo = undefined;
      throw error;
    });
    const response = await fetch(await userinfo, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    });
    if (!response.ok) return undefined;
    const claims = (await response.json()) as Record<string, unknown>;
    const key = accountKey(claims);
    if (key === undefined) return undefined;
    const name = [claims.name, claims.preferred_username].find((value) => typeof value === 'string') as
      string | undefined;
    const user =
      findUserByEmail(db, key) ??
      insertUser(db, { email: key, displayName: cleanName(name ?? key), passwordHash: '!external' }, now()) ??
      findUserByEmail(db, key);
    return user ? { userId: user.id, familyId: `external:${issuer}` } : undefined;
  };
}
