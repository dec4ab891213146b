import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export type CspSources = {
  connect: string[];
  img: string[];
  /** Hashes of inline style elements a page may carry (the app server's theme style); none by default. */
  styleHashes?: string[];
  /** Hashes of the inline scripts a page may carry (the app server's page script); none by default. */
  scriptHashes?: string[];
};

export const cspHash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

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

/** The fixed security headers of every answer (decision 0010). No HSTS: the TLS proxy in front sends it. */
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

declare module 'fastify' {
  interface FastifyInstance {
    /** Widens the Content-Security-Policy: origins the pages call or load images from, hashes of inline elements. */
    allowInCsp(sources: Partial<CspSources>): void;
    securityHeaders(): Record<string, string>;
    /** The policy allowing only these inline styles and scripts: a page that carries its own alone. */
    cspWithInline(inline: Required<Pick<CspSources, 'styleHashes' | 'scriptHashes'>>): string;
  }
}

/** Sets the security headers before any other hook can refuse; server-options.ts covers what comes before routing. */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    const sources: Required<CspSources> = { connect: [], img: [], styleHashes: [], scriptHashes: [] };
    let headers = securityHeaders(sources);
    app.decorate('allowInCsp', (more: Partial<CspSources>) => {
      for (const key of Object.keys(sources) as (keyof CspSources)[]) {
        for (const source of more[key] ?? []) if (!sources[key].includes(source)) sources[key].push(source);
      }
      headers = securityHeaders(sources);
    });
    app.decorate('securityHeaders', () => headers);
    app.decorate('cspWithInline', (inline: Required<Pick<CspSources, 'styleHashes' | 'scriptHashes'>>) =>
      appCsp({ ...sources, ...inline }),
    );
    app.addHook('onRequest', async (_request, reply) => {
      reply.headers(headers);
    });
  },
  { name: 'security-headers' },
);
