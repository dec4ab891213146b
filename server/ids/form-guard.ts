import { randomBytes, timingSafeEqual } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createWindowCounter } from './window-counter.ts';

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
  // timingSafeEqual throws on different lengths: both must look like a token first.
  if (!cookie || typeof submitted !== 'string' || !tokenPattern.test(cookie) || !tokenPattern.test(submitted)) {
    return false;
  }
  return timingSafeEqual(Buffer.from(cookie), Buffer.from(submitted));
}

/** The client, for throttling: its address, an IPv6 one by its /64 (docs/behaviour/hardening.md#the-reference-server). */
export function clientOf(ip: string): string {
  return normalizeIP(ip);
}

const clientKey = (client: string) => `client|${client}`;
const emailKey = (email: string) => email.trim().toLowerCase();
const accountKey = (client: string, email: string) => `account|${client}|${emailKey(email)}`;

export type LoginLimits = { perAccount: number; perClient: number; windowMs: number };

/** Failed logins per client and per client and account, kept until their window ends, and the attempts still
 * being checked, which count too (guesses sent together cannot all pass); a full table refuses a client it does not know. */
export function createLoginLimiter({ perAccount, perClient, windowMs }: LoginLimits, maxKeys = 500_000) {
  const failures = createWindowCounter({ windowMs, maxKeys });
  const checking = new Map<string, number>();
  const counted = (key: string, now: number) => failures.count(key, now) + (checking.get(key) ?? 0);
  const settle = (keys: string[]) => {
    for (const key of keys) {
      const left = (checking.get(key) ?? 0) - 1;
      if (left > 0) checking.set(key, left);
      else checking.delete(key);
    }
  };
  const isBlocked = (client: string, email: string, now: number): boolean => {
    const byClient = counted(clientKey(client), now);
    return (
      byClient >= perClient ||
      counted(accountKey(client, email), now) >= perAccount ||
      (byClient === 0 && failures.full(now))
    );
  };
  return {
    isBlocked,
    /** Starts an attempt and answers true, or answers false when blocked; each one started is then settled. */
    attempt(client: string, email: string, now: number): boolean {
      if (isBlocked(client, email, now)) return false;
      for (const key of [clientKey(client), accountKey(client, email)]) checking.set(key, (checking.get(key) ?? 0) + 1);
      return true;
    },
    failed(client: string, email: string, now: number): void {
      settle([clientKey(client), accountKey(client, email)]);
      failures.hit(clientKey(client), now);
      failures.hit(accountKey(client, email), now);
    },
    /** The client's count for that account starts again (not its overall count). */
    succeeded(client: string, email: string): void {
      settle([clientKey(client), accountKey(client, email)]);
      failures.forget(accountKey(client, email));
    },
    get size(): number {
      return failures.size;
    },
  };
}

export type RegistrationLimits = { perClient: number; perEmail: number; windowMs: number };

/** Registrations per client and per email (decision 0030): each costs a hash and says whether the
 * email has an account. Emails count as accounts compare them. */
export function createRegistrationLimiter({ perClient, perEmail, windowMs }: RegistrationLimits, maxKeys = 500_000) {
  const attempts = createWindowCounter({ windowMs, maxKeys });
  return {
    /** Counts an attempt and answers true, or answers false (and counts nothing) past a limit. */
    allow(client: string, email: string, now: number): boolean {
      const keys = [clientKey(client), `email|${emailKey(email)}`];
      const known = keys.filter((key) => attempts.count(key, now) > 0).length;
      if (
        attempts.count(keys[0]!, now) >= perClient ||
        attempts.count(keys[1]!, now) >= perEmail ||
        (known < keys.length && attempts.full(now))
      )
        return false;
      for (const key of keys) attempts.hit(key, now);
      return true;
    },
  };
}
