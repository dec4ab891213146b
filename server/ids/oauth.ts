import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Context } from '../context.ts';
import { problem, ProblemError, sendProblem, toProblem } from '../../http-kit/problem.ts';
import { REFERENCE_IDS } from '../../src/contract/service-urls.ts';
import { isKnownClient } from './clients.ts';
import { clientOf } from './form-guard.ts';
import { linkCodeToFamily, redeemCode } from './codes.ts';
import { revokeFamily, rotateRefreshToken, startFamily, type TokenResponse } from './tokens.ts';

type OAuthError = 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type';

/** problem+json titled with the OAuth error code, plus the standard `error` members. */
function oauthError(
  reply: FastifyReply,
  error: OAuthError,
  detail: string,
  status = error === 'invalid_client' ? 401 : 400,
): FastifyReply {
  reply.header('cache-control', 'no-store');
  if (error === 'invalid_client') reply.header('www-authenticate', 'Basic realm="ids"');
  return sendProblem(reply, {
    ...problem(status, null, detail),
    type: `urn:bike-invite:problem:oauth:${error}`,
    title: error,
    error,
    error_description: detail,
  });
}

function sendTokens(reply: FastifyReply, tokens: TokenResponse): FastifyReply {
  return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').send(tokens);
}

function field(body: Record<string, unknown>, name: string): string | undefined | null {
  const value = body[name];
  if (value === undefined || value === '') return undefined;
  // A repeated parameter arrives as an array: RFC 6749 §3.2 forbids it.
  return typeof value === 'string' ? value : null;
}

/** At most `perMinute` token requests per client a minute (a store that never forgets a client
 * before its minute ends); past it, 429 with Retry-After, before the body is read. */
function tokenRateLimit(perMinute: number): RateLimitOptions {
  return {
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => clientOf(request.ip),
    errorResponseBuilder: (_request, context) =>
      new ProblemError(problem(429, null, `Too many token requests from this address; try again in ${context.after}.`)),
  };
}

/** Errors before the endpoint's own checks, with the `error` members token clients (oauth4webapi) read. */
function tokenEndpointError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const body = toProblem(error);
  if (body.status >= 500) {
    request.log.error({ err: error }, 'request failed');
    return sendProblem(reply, body);
  }
  const code = body.status === 415 || body.status === 413 || body.status === 400 ? 'invalid_request' : body.title;
  return sendProblem(reply, { ...body, title: code, error: code, error_description: body.detail });
}

/** The token endpoint; no XSRF header, as its body authenticates it (docs/decisions/0010-reference-server.md). */
export function registerOAuthRoutes(app: FastifyInstance, ctx: Context): void {
  app.register(async (scope) => {
    scope.setErrorHandler(tokenEndpointError);
    registerTokenRoute(scope, ctx);
  });
}

function registerTokenRoute(app: FastifyInstance, ctx: Context): void {
  const config = { rateLimit: ctx.options.tokenRateLimit > 0 ? tokenRateLimit(ctx.options.tokenRateLimit) : false };
  app.post(REFERENCE_IDS.token, { config }, (request, reply) => {
    if (!/^application\/x-www-form-urlencoded\b/i.test(request.headers['content-type'] ?? '')) {
      return oauthError(reply, 'invalid_request', 'Send the token request as application/x-www-form-urlencoded.', 415);
    }
    const body = (request.body ?? {}) as Record<string, unknown>;
    const names = ['grant_type', 'client_id', 'code', 'redirect_uri', 'code_verifier', 'refresh_token'];
    const values = Object.fromEntries(names.map((n) => [n, field(body, n)]));
    const repeated = names.find((n) => values[n] === null);
    if (repeated) return oauthError(reply, 'invalid_request', `The parameter ${repeated} was sent more than once.`);
    const { grant_type, client_id } = values;
    if (!grant_type) return oauthError(reply, 'invalid_request', 'grant_type is required.');
    if (grant_type !== 'authorization_code' && grant_type !== 'refresh_token') {
      return oauthError(
        reply,
        'unsupported_grant_type',
        'Only authorization_code and refresh_token grants are supported.',
      );
    }
    if (!isKnownClient(client_id)) return oauthError(reply, 'invalid_client', 'The client_id is missing or unknown.');
    const now = ctx.now();

    if (grant_type === 'refresh_token') {
      if (!values.refresh_token) return oauthError(reply, 'invalid_request', 'refresh_token is required.');
      const rotated = rotateRefreshToken(ctx.db, values.refresh_token, client_id, ctx.tokenSettings, now);
      return rotated.ok ? sendTokens(reply, rotated.tokens) : oauthError(reply, 'invalid_grant', rotated.detail);
    }

    const { code, redirect_uri, code_verifier } = values;
    if (!code || !redirect_uri || !code_verifier) {
      return oauthError(reply, 'invalid_request', 'code, redirect_uri and code_verifier are required.');
    }
    const redeemed = redeemCode(
      ctx.db,
      { code, clientId: client_id, redirectUri: redirect_uri, codeVerifier: code_verifier },
      now,
    );
    if (!redeemed.ok) {
      if (redeemed.reusedFamily) revokeFamily(ctx.db, redeemed.reusedFamily, 'authorization code reused', now);
      return oauthError(reply, 'invalid_grant', redeemed.detail);
    }
    const { familyId, tokens } = startFamily(ctx.db, redeemed.userId, client_id, ctx.tokenSettings, now);
    linkCodeToFamily(ctx.db, redeemed.codeHash, familyId);
    return sendTokens(reply, tokens);
  });
}
