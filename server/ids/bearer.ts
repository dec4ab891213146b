import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Context } from '../context.ts';
import { problem, sendProblem } from '../../http-kit/problem.ts';
import { authenticateAccessToken, type Principal } from './tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
}

/**
 * preHandler for protected routes; its 401 title is `invalid_token`, never `invalid_grant`
 * (docs/behaviour/sign-in-and-session.md#refresh-and-the-400401-rules).
 */
export function requireBearer(ctx: Context) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/i.exec(header);
    const token = match?.[1];
    // Behind a standard provider, its tokens are checked there; otherwise in the own token tables.
    const principal = !token
      ? undefined
      : ctx.externalBearer
        ? await ctx.externalBearer(token).catch(() => undefined)
        : authenticateAccessToken(ctx.db, token, ctx.now());
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
