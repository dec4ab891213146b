import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { parseHost, type Authority } from './host.ts';
import { problem, ProblemError } from './problem.ts';
import { isPlainTarget } from './request-target.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's host, read once (host.ts); null when it names none. Read it instead of `hostname`. */
    authority: Authority | null;
  }
}

export const invalidHost = () =>
  new ProblemError(
    problem(400, 'invalid-host', 'The Host header must be a host name or address and an optional port, sent once.'),
  );

export const badUrl = () => new ProblemError(problem(400, 'bad-url', 'The URL is not valid.'));

function hostHeaders(request: FastifyRequest): number {
  const raw = request.raw.rawHeaders;
  let count = 0;
  for (let i = 0; i < raw.length; i += 2) if (raw[i]!.toLowerCase() === 'host') count++;
  return count;
}

/** The request's one host; throws the 400 problem for anything but one well-formed authority. */
function authorityOf(request: FastifyRequest): Authority | null {
  if (hostHeaders(request) > 1) throw invalidHost();
  const { host } = request.headers;
  if (host && !parseHost(host)) throw invalidHost();
  // Fastify's own reading: X-Forwarded-Host's last entry from a trusted proxy, else Host.
  const effective = request.host;
  if (!effective) return null;
  const authority = parseHost(effective);
  if (!authority) throw invalidHost();
  return authority;
}

/** One reading of every request before other hooks: the router's address as a plain path, one
 * well-formed host; anything else is a 400 problem. */
export const oneReadingPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('authority', null);
    app.addHook('onRequest', async (request) => {
      if (!isPlainTarget(request.url)) throw badUrl();
      request.authority = authorityOf(request);
    });
  },
  { name: 'one-reading', dependencies: ['security-headers'] },
);
