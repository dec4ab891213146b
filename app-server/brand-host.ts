import type { FastifyInstance, FastifyRequest } from 'fastify';
import { problem, ProblemError } from '../http-kit/problem.ts';
import { brandForHost, type Brand } from './brands.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The brand its host names (brand-host.ts); null on the paths that answer any host. */
    brand: Brand | null;
  }
}

/** Paths every host may ask: health and metrics, which probes and scrapers ask by address. */
const ANY_HOST_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/** Picks each request's brand by its host name; any other host gets 421 before anything else runs
 * but one-reading's 400 (decision 0027). */
export function registerBrandHosts(app: FastifyInstance, brands: readonly Brand[]): void {
  app.decorateRequest('brand', null);
  app.addHook('onRequest', async (request) => {
    if (ANY_HOST_PATHS.has(request.url.split('?')[0] ?? '')) return;
    // The request's one reading of its host (http-kit/one-reading.ts), which refused any malformed one.
    const hostname = request.authority?.hostname ?? '';
    const brand = brandForHost(brands, hostname);
    if (!brand) {
      request.log.warn({ host: hostname }, 'request for a host this server does not serve');
      throw new ProblemError(
        problem(421, 'unknown-host', 'This server does not serve this host name: it is not in its brand map.'),
      );
    }
    request.brand = brand;
  });
}

/** The brand of a request that passed the host check. */
export function brandOf(request: FastifyRequest): Brand {
  if (!request.brand) throw new Error(`no brand for ${request.url}: is it one of ANY_HOST_PATHS?`);
  return request.brand;
}
