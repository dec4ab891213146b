import { randomBytes, timingSafeEqual } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';

const csrfCookie = 'ids_csrf';
const tokenPattern = /^[A-Za-z0-9_-]{32}$/;

/** The CSRF token for a login/registration form: reused from its cookie, or new and set (`Secure` when `secure`). */
export function formToken(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const existing = request.cookies[csrfCookie];
  if (existing && tokenPattern.test(existing)) return existing;
  const token = randomBytes(24).toString('base64url');
  reply.setCookie(csrfCookie, token, {
    path: '/ids',
    httpOnly: true,
    sameSite: 'strict',
    secure,
  });
  return token;
}

export function formTokenMatches(request: FastifyRequest, submitted: unknown): boolean {
  const cookie = request.cookies[csrfCookie];
  // Both must look like a token first: same-length strings of other characters can differ in bytes,
  // and timingSafeEqual throws on buffers of different lengths.
  if (!cookie || typeof submitted !== 'string' || !tokenPattern.test(cookie) || !tokenPattern.test(submitted)) {
    return false;
  }
  return timingSafeEqual(Buffer.from(cookie), Buffer.from(submitted));
}

/**
 * The client a request comes from, for throttling: its address (Fastify's request.ip, which is the
 * X-Forwarded-For client only behind a trusted proxy), an IPv6 address by its /64, which one
 * subscriber holds. The token endpoint's rate limit (oauth.ts) counts clients the same way.
 */
export function clientOf(ip: string): string {
  return normalizeIP(ip);
}

const clientKey = (client: string) => `client|${client}`;
const accountKey = (client: string, email: string) => `account|${client}|${email.trim().toLowerCase()}`;

export type LoginLimits = { perAccount: number; perClient: number; windowMs: number };

/**
 * Counts failed logins per client and per client and account: a client is refused an account after
 * `perAccount` failures on it, and every account after `perClient` failures in all, until `windowMs`
 * after its first failure. One client's failures never block another client.
 * An entry leaves the table only when its window is over, so a blocked key is never forgotten; the
 * table holds no more than one window's failures, each of which cost a password hash to earn.
 */
export function createLoginLimiter({ perAccount, perClient, windowMs }: LoginLimits) {
  // Kept in the order their windows started, so the ones that are over are always at the front.
  const failures = new Map<string, { count: number; since: number }>();
  const current = (key: string, now: number) => {
    const entry = failures.get(key);
    return entry !== undefined && now - entry.since < windowMs ? entry : undefined;
  };
  const count = (key: string, now: number) => {
    const entry = current(key, now);
    if (entry) entry.count++;
    else {
      failures.delete(key);
      failures.set(key, { count: 1, since: now });
    }
  };
  const forgetFinished = (now: number) => {
    for (const [key, entry] of failures) {
      if (now - entry.since < windowMs) return;
      failures.delete(key);
    }
  };
  return {
    isBlocked(client: string, email: string, now: number): boolean {
      return (
        (current(clientKey(client), now)?.count ?? 0) >= perClient ||
        (current(accountKey(client, email), now)?.count ?? 0) >= perAccount
      );
    },
    recordFailure(client: string, email: string, now: number): void {
      forgetFinished(now);
      count(clientKey(client), now);
      count(accountKey(client, email), now);
    },
    /** After a successful login: the client's count for that account starts again (not its overall count). */
    reset(client: string, email: string): void {
      failures.delete(accountKey(client, email));
    },
    /** How many keys the table holds. */
    get size(): number {
      return failures.size;
    },
  };
}
