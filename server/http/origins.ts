import type { FastifyRequest } from 'fastify';

/** The origins that may call the services cross-origin and receive codes: its own as reached, and the configured ones. */
export type OriginPolicy = {
  /** The configured public URL, else the origin reached when its host is a configured one; none for other hosts. */
  own: (request: FastifyRequest) => string | undefined;
  /** The origin of the links the server writes: the public URL, else a configured host on the listening port. */
  linkOrigin: (request: FastifyRequest) => string;
  /** Cookies get `Secure` when that origin is https. */
  secureCookies: (request: FastifyRequest) => boolean;
  isAllowed: (origin: string, request: FastifyRequest) => boolean;
  isCrossOriginAllowed: (origin: string) => boolean;
  addListeningPort: (port: number) => void;
  list: () => string[];
};

/** The origin reached, as a browser's Origin header writes it, when its host (http-kit/host.ts) is one of `hosts`. */
function configuredOrigin(request: FastifyRequest, hosts: ReadonlySet<string>): string | undefined {
  const { authority } = request;
  if (!authority || !hosts.has(authority.hostname)) return undefined;
  const port = authority.port === undefined ? '' : `:${authority.port}`;
  return new URL(`${request.protocol}://${authority.hostname}${port}`).origin;
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
  const hostSet = new Set(hosts.map((host) => host.toLowerCase()));
  const own = (request: FastifyRequest) => publicUrl ?? configuredOrigin(request, hostSet);
  let linkPort = port;
  const addListeningPort = (p: number): void => {
    if (p > 0) for (const host of hosts) allowed.add(`http://${host}:${p}`);
    if (p > 0) linkPort = p;
  };
  addListeningPort(port);
  return {
    own,
    // The request only picks which configured host name; scheme and port are the configuration's.
    linkOrigin: (request) => {
      const hostname = request.authority?.hostname;
      const host = hostname !== undefined && hostSet.has(hostname) ? hostname : (hosts[0] ?? '127.0.0.1');
      return publicUrl ?? `http://${host}:${linkPort}`;
    },
    secureCookies: (request) => own(request)?.startsWith('https:') ?? false,
    // The Host a browser sends is the one it reached, so the request's own origin is safe to allow.
    isAllowed: (origin, request) => origin === own(request) || allowed.has(origin),
    isCrossOriginAllowed: (origin) => allowed.has(origin),
    addListeningPort,
    list: () => [...allowed],
  };
}
