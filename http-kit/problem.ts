import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

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

// The problem each answer carried, for its log line and the refusal count (refusals.ts).
const sentProblems = new WeakMap<FastifyReply, Problem>();

export function sendProblem(reply: FastifyReply, body: Problem): FastifyReply {
  sentProblems.set(reply, body);
  // An error is about this request only; no cache should keep it.
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  return reply.code(body.status).type(problemContentType).send(body);
}

/** Why an answer refused its request, as a short fixed word: its problem's title, else its status's name. */
export function refusalReason(reply: FastifyReply): string {
  const title = sentProblems.get(reply)?.title ?? STATUS_CODES[reply.statusCode] ?? 'error';
  return title.toLowerCase().replace(/[^a-z0-9_:]+/g, '-');
}

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

/** The problem body for an error a route or hook threw: its own, or a fixed text for what Fastify refused. */
export function toProblem(error: FastifyError): Problem {
  if (error instanceof ProblemError) return error.problem;
  const known = error.code ? knownErrors[error.code] : undefined;
  if (known) return problem(known.status, null, known.detail);
  if (error.validation) return problem(400, 'invalid-request', `The request is not valid: ${error.message}.`);
  if (error instanceof SyntaxError) return problem(400, null, 'The request body could not be parsed.');
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
    return problem(error.statusCode, null, STATUS_CODES[error.statusCode] ?? 'Bad request');
  return problem(500, null, 'Something went wrong on our side.');
}

/** Every error and unknown address as application/problem+json, server-wide; a scope may add its own handler. */
export const problemsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const body = toProblem(error);
      if (body.status >= 500) request.log.error({ err: error }, 'request failed');
      return sendProblem(reply, body);
    });
    app.setNotFoundHandler((request, reply) =>
      sendProblem(
        reply,
        problem(
          404,
          null,
          `Nothing is served at ${request.method} ${(request.url.split('?')[0] ?? '').slice(0, 200)}.`,
        ),
      ),
    );
  },
  { name: 'problems' },
);
