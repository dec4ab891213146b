import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Context } from '../context.ts';
import { problem, sendProblem } from '../http/problem.ts';
import { authenticateAccessToken, type Principal } from './tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
}

/**
 * preHandler for protected routes. Its 401 title is `invalid_token`, never `invalid_grant`:
 * the app refreshes on a plain 401 and logs out only on invalid_grant (SPEC.md §8).
 */
export function requireBearer(ctx: Context) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/i.exec(header);
    const principal = match?.[1] ? authenticateAccessToken(ctx.db, match[1], ctx.now()) : undefined;
    if (!principal) {
      const detail = match ? 'The access token is not valid or has expired.' : 'This call needs an Authorization: Bearer token.';
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
