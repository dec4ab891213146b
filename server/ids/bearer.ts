import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Context } from '../context.ts';
import { problem, sendProblem } from '../../http-kit/problem.ts';
import { clientOf } from './form-guard.ts';
import { authenticateAccessToken, type Principal } from './tokens.ts';
import { createWindowCounter, type WindowCounter } from './window-counter.ts';

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
}

/** Unknown tokens a client may have checked at a standard provider a minute: each check calls its userinfo. */
export const externalTokenChecks = { perClient: 30, windowMs: 60_000, maxClients: 100_000 };

// One table of failed checks per running service.
const failedChecks = new WeakMap<Context, WindowCounter>();

function failedChecksOf(ctx: Context): WindowCounter {
  let counter = failedChecks.get(ctx);
  if (!counter) {
    const { windowMs, maxClients } = externalTokenChecks;
    failedChecks.set(ctx, (counter = createWindowCounter({ windowMs, maxKeys: maxClients })));
  }
  return counter;
}

/** A standard provider's check of `token`, unless the client is past its failed checks (then `limited`). */
async function checkExternal(
  ctx: Context,
  check: NonNullable<Context['externalBearer']>,
  token: string,
  client: string,
): Promise<Principal | undefined | 'limited'> {
  const failures = failedChecksOf(ctx);
  const now = ctx.now();
  const failed = failures.count(client, now);
  if (failed >= externalTokenChecks.perClient || (failed === 0 && failures.full(now))) return 'limited';
  const principal = await check(token).catch(() => undefined);
  if (!principal) failures.hit(client, now);
  return principal;
}

/** preHandler for protected routes; its 401 title is `invalid_token`, never `invalid_grant`. */
export function requireBearer(ctx: Context) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/i.exec(header);
    const token = match?.[1];
    // Behind a standard provider, its tokens are checked there; otherwise in the own token tables.
    const principal = !token
      ? undefined
      : ctx.externalBearer
        ? await checkExternal(ctx, ctx.externalBearer, token, clientOf(request.ip))
        : authenticateAccessToken(ctx.db, token, ctx.idsNow());
    if (principal === 'limited') {
      const detail = 'Too many unknown access tokens from this address; try again in a minute.';
      return sendProblem(reply.header('retry-after', '60'), problem(429, null, detail));
    }
    if (!principal) {
      const detail = match
        ? 'The access token is not valid or has expired.'
        : 'This call needs an Authorization: Bearer token.';
      const challenge = match ? 'Bearer error="invalid_token"' : 'Bearer';
      return sendProblem(reply.header('www-authenticate', challenge), problem(401, 'invalid_token', detail));
    }
    request.principal = principal;
  };
}

export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error('route is missing the requireBearer preHandler');
  return request.principal;
}
