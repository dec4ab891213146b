import type { FastifyInstance } from 'fastify';

export type CspSources = {
  connect: string[];
  img: string[];
  /** Hashes of inline style elements a page may carry (the app server's theme style); none by default. */
  styleHashes?: string[];
  /** Hashes of the inline scripts a page may carry (the app server's page script); none by default. */
  scriptHashes?: string[];
};

/** The app's policy: no inline script but the ones allowed by their hash, no framing, no referrer. */
export function appCsp(sources: CspSources): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(sources.scriptHashes ?? [])],
    'style-src': ["'self'", ...(sources.styleHashes ?? [])],
    'img-src': ["'self'", 'data:', ...sources.img],
    'connect-src': ["'self'", ...sources.connect],
    'font-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/**
 * The fixed security headers of every answer. Computed once: @fastify/helmet rebuilt the CSP on each
 * request, which cost more than the invite lookup itself. Routes may override (the login pages do).
 * No HSTS: the server speaks plain http on loopback, where the header would be wrong.
 */
export function securityHeaders(sources: CspSources): Record<string, string> {
  return {
    'content-security-policy': appCsp(sources),
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-site',
    'origin-agent-cluster': '?1',
    'x-permitted-cross-domain-policies': 'none',
  };
}

/**
 * Sets `headers` on every routed answer, before any other hook can refuse the request. Answers that
 * Fastify gives before routing (a malformed URL, broken HTTP) get them from server-options.ts.
 */
export function registerSecurityHeaders(app: FastifyInstance, headers: Record<string, string>): void {
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
}
