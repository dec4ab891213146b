import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export type CspSources = { connect: string[]; img: string[] };

/** The app's policy: no inline script anywhere, no framing, no referrer. */
export function appCsp(sources: CspSources): Record<string, string[]> {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:', ...sources.img],
    connectSrc: ["'self'", ...sources.connect],
    fontSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

export function serializeCsp(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${values.join(' ')}`)
    .join('; ');
}

export async function registerSecurityHeaders(app: FastifyInstance, sources: CspSources): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: appCsp(sources) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Plain http on loopback: an HSTS header would be ignored, and would be wrong behind no TLS.
    strictTransportSecurity: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
}
