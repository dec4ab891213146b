import type { FastifyRequest } from 'fastify';

/**
 * The origins that may call the services cross-origin and receive authorization codes:
 * the server's own origins as reached, plus the configured extra ones.
 */
export type OriginPolicy = {
  /** The origin people reach this server at: the configured public URL, else the one the request reached. */
  own: (request: FastifyRequest) => string;
  /** Cookies get `Secure` when that origin is https. */
  secureCookies: (request: FastifyRequest) => boolean;
  isAllowed: (origin: string, request: FastifyRequest) => boolean;
  isCrossOriginAllowed: (origin: string) => boolean;
  addListeningPort: (port: number) => void;
  list: () => string[];
};

/**
 * The origin the client reached, normalized like a browser's Origin header (no default port). Fastify
 * takes protocol and host from X-Forwarded-* only when the request comes through a trusted proxy.
 */
function requestOrigin(request: FastifyRequest): string {
  const raw = `${request.protocol}://${request.host}`;
  return URL.canParse(raw) ? new URL(raw).origin : raw;
}

/** `hosts`: the host names the server answers (its brands'), allowed on the port it listens on. */
export function createOriginPolicy(
  configured: string[],
  port: number,
  hosts: readonly string[],
  publicUrl: string | undefined,
): OriginPolicy {
  const allowed = new Set(configured);
  if (publicUrl !== undefined) allowed.add(publicUrl);
  const own = (request: FastifyRequest): string => publicUrl ?? requestOrigin(request);
  const addListeningPort = (p: number): void => {
    if (p > 0) for (const host of hosts) allowed.add(`http://${host}:${p}`);
  };
  addListeningPort(port);
  return {
    own,
    secureCookies: (request) => own(request).startsWith('https:'),
    // The Host a browser sends is the one it reached, so the request's own origin is safe to allow.
    isAllowed: (origin, request) => origin === own(request) || allowed.has(origin),
    isCrossOriginAllowed: (origin) => allowed.has(origin),
    addListeningPort,
    list: () => [...allowed],
  };
}
