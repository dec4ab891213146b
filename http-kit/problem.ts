import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export type Problem = {
  type: string;
  title: string;
  status: number;
  detail: string;
  [extension: string]: unknown;
};

export const problemContentType = 'application/problem+json';

/** A domain problem: `slug` names it (`urn:bike-invite:problem:{slug}`), unless it is a plain HTTP status. */
export function problem(
  status: number,
  slug: string | null,
  detail: string,
  extensions: Record<string, unknown> = {},
): Problem {
  return {
    type: slug ? `urn:bike-invite:problem:${slug}` : 'about:blank',
    title: slug ?? STATUS_CODES[status] ?? 'Error',
    status,
    detail,
    ...extensions,
  };
}

export function sendProblem(reply: FastifyReply, body: Problem): FastifyReply {
  // An error is about this request only; no cache should keep it.
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  return reply.code(body.status).type(problemContentType).send(body);
}

/** Thrown from handlers and hooks; the error handler turns it into its problem body. */
export class ProblemError extends Error {
  readonly problem: Problem;
  constructor(body: Problem) {
    super(body.detail);
    this.problem = body;
  }
}

// Fastify's own messages can quote parser internals, so each known code gets a fixed text.
const knownErrors: Record<string, { status: number; detail: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, detail: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, detail: 'This content type is not accepted here.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, detail: 'The Content-Length header does not match the body.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, detail: 'The JSON body is empty.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, detail: 'The request body is not valid JSON.' },
};

function toProblem(error: FastifyError, request: FastifyRequest): Problem {
  if (error instanceof ProblemError) return error.problem;
  const known = error.code ? knownErrors[error.code] : undefined;
  let body: Problem;
  if (known) body = problem(known.status, null, known.detail);
  else if (error.validation) body = problem(400, 'invalid-request', `The request is not valid: ${error.message}.`);
  else if (error instanceof SyntaxError) body = problem(400, null, 'The request body could not be parsed.');
  else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
    body = problem(error.statusCode, null, STATUS_CODES[error.statusCode] ?? 'Bad request');
  else body = problem(500, null, 'Something went wrong on our side.');
  // Token endpoint clients (oauth4webapi) read the standard `error` member.
  if (request.url.startsWith('/ids/oauth') && body.status < 500) {
    const code = body.status === 415 || body.status === 413 || body.status === 400 ? 'invalid_request' : body.title;
    return { ...body, title: code, error: code, error_description: body.detail };
  }
  return body;
}

export function registerProblemHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const body = toProblem(error, request);
    if (body.status >= 500) request.log.error({ err: error }, 'request failed');
    return sendProblem(reply, body);
  });
  app.setNotFoundHandler((request, reply) =>
    sendProblem(
      reply,
      problem(404, null, `Nothing is served at ${request.method} ${(request.url.split('?')[0] ?? '').slice(0, 200)}.`),
    ),
  );
}
