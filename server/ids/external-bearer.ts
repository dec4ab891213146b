import type { Database } from '../db/database.ts';
import { findUserByEmail, insertUser } from './users.ts';
import type { Principal } from './tokens.ts';

/** Behind a standard provider, a token is valid when its userinfo accepts it; a first-time subject gets a row. */
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
    const key = typeof claims.email === 'string' ? claims.email : typeof claims.sub === 'string' ? claims.sub : '';
    if (key === '') return undefined;
    const name = [claims.name, claims.preferred_username].find((value) => typeof value === 'string') as
      string | undefined;
    const user =
      findUserByEmail(db, key) ??
      insertUser(db, { email: key, displayName: name ?? key, passwordHash: '!external' }, now()) ??
      findUserByEmail(db, key);
    return user ? { userId: user.id, familyId: `external:${issuer}` } : undefined;
  };
}
