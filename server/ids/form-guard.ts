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
 * The client a request comes from, for throttling (here and oauth.ts): its address, an IPv6 one by its
 * /64 (docs/behaviour/hardening.md#the-reference-server).
 */
export function clientOf(ip: string): string {
  return normalizeIP(ip);
}

const clientKey = (client: string) => `client|${client}`;
const accountKey = (client: string, email: string) => `account|${client}|${email.trim().toLowerCase()}`;

export type LoginLimits = { perAccount: number; perClient: number; windowMs: number };

/**
 * Failed logins per client and per client and account, each kept until its window is over
 * (docs/behaviour/hardening.md#the-reference-server).
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
