import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OriginPolicy } from './origins.ts';
import { problem, ProblemError } from '../../http-kit/problem.ts';

export const xsrfCookie = 'XSRF-TOKEN';
export const xsrfHeader = 'x-xsrf-token';
const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function sameValue(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function checkXsrf(request: FastifyRequest, origins: OriginPolicy): void {
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== origins.own(request)) {
    // Cross-origin callers authenticate with a bearer token and pass CORS; cookies play no part.
    if (origins.isCrossOriginAllowed(origin)) return;
    throw new ProblemError(problem(403, 'origin-not-allowed', 'Requests from this origin are not allowed.'));
  }
  const cookie = request.cookies[xsrfCookie];
  const header = request.headers[xsrfHeader];
  if (!cookie || typeof header !== 'string' || !sameValue(cookie, header)) {
    throw new ProblemError(
      problem(
        403,
        'xsrf',
        `State-changing requests must send the ${xsrfCookie} cookie value in the X-XSRF-TOKEN header.`,
      ),
    );
  }
}

/** Double-submit XSRF protection for the bike service, and the cookie that feeds it. */
export function registerXsrf(app: FastifyInstance, origins: OriginPolicy): void {
  app.addHook('onRequest', async (request) => {
    if (unsafeMethods.has(request.method) && request.url.startsWith('/api/')) checkXsrf(request, origins);
  });
  app.addHook('onSend', async (request, reply) => {
    // Cookies are not parsed yet when an earlier hook refused the request (the app server's host check).
    const cookies = request.cookies ?? app.parseCookie(request.headers.cookie ?? '');
    if (cookies[xsrfCookie]) return;
    // Publicly cacheable answers must not carry a per-visitor cookie.
    if (String(reply.getHeader('cache-control') ?? '').includes('public')) return;
    // randomUUID draws from a cached entropy pool: 122 random bits, cheaper than randomBytes per call.
    const cookie = app.serializeCookie(xsrfCookie, randomUUID().replaceAll('-', ''), {
      path: '/',
      sameSite: 'lax',
      secure: origins.secureCookies(request),
    });
    const existing = reply.getHeader('set-cookie');
    const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
    reply.header('set-cookie', [...list, cookie]);
  });
}
