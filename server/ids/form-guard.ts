import { randomBytes, timingSafeEqual } from 'node:crypto';
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

/** Counts failed logins per address and email, so a password cannot be guessed at full speed. */
const key = (ip: string, email: string) => `${ip}|${email.trim().toLowerCase()}`;

export function createLoginLimiter(maxFailures: number, windowMs: number) {
  const failures = new Map<string, { count: number; since: number }>();
  return {
    isBlocked(ip: string, email: string, now: number): boolean {
      const entry = failures.get(key(ip, email));
      return entry !== undefined && now - entry.since < windowMs && entry.count >= maxFailures;
    },
    recordFailure(ip: string, email: string, now: number): void {
      const k = key(ip, email);
      const entry = failures.get(k);
      if (!entry || now - entry.since >= windowMs) failures.set(k, { count: 1, since: now });
      else entry.count++;
      // Bounded memory: forget the oldest entries first.
      if (failures.size > 10_000) failures.delete(failures.keys().next().value ?? '');
    },
    reset(ip: string, email: string): void {
      failures.delete(key(ip, email));
    },
  };
}
