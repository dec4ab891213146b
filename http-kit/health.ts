import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** What readiness depends on: each check answers 'ok' or what is wrong. */
export type ReadinessChecks = () => Promise<Record<string, string>>;

export type Lifecycle = { closing: boolean };

/** Where the health answers are: probes and manifests (deploy/kubernetes/) name these paths. */
export const HEALTH_PATHS = { live: '/healthz', ready: '/readyz' } as const;

/** GET /healthz (the process runs) and GET /readyz (200 when every check is 'ok' and not stopping, else 503). */
export function registerHealth(app: FastifyInstance, lifecycle: Lifecycle, checks: ReadinessChecks): void {
  app.get(HEALTH_PATHS.live, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );
  app.get(HEALTH_PATHS.ready, async (_request, reply) => {
    const results = lifecycle.closing ? { shutdown: 'shutting down' } : await checks();
    const ready = !lifecycle.closing && Object.values(results).every((result) => result === 'ok');
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ready ? 'ready' : 'not ready', checks: results });
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    addReadinessCheck(name: string, check: () => Promise<string>): void;
  }
}

/** /healthz and /readyz for the whole server; its plugins add their readiness checks while they load. */
export const healthPlugin = fp(
  async (app: FastifyInstance, options: { lifecycle: Lifecycle }) => {
    const checks = new Map<string, () => Promise<string>>();
    app.decorate('addReadinessCheck', (name: string, check: () => Promise<string>) => void checks.set(name, check));
    registerHealth(app, options.lifecycle, async () => {
      const entries = [...checks];
      const results = await Promise.all(entries.map(([, check]) => check()));
      return Object.fromEntries(entries.map(([name], index) => [name, results[index] ?? 'no answer']));
    });
  },
  { name: 'health' },
);

/** Whether an http service answers (below 500), asked at most once per `cacheMs`: probes must not become load. */
export function reachability(url: string, timeoutMs = 1000, cacheMs = 2000): () => Promise<string> {
  let last: { at: number; result: Promise<string> } | undefined;
  const probe = async (): Promise<string> => {
    try {
      const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
      await response.body?.cancel();
      return response.status < 500 ? 'ok' : `answered ${response.status}`;
    } catch (error) {
      const { name, message, cause } = error as Error & { cause?: { code?: string } };
      return name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : `unreachable: ${cause?.code ?? message}`;
    }
  };
  return () => {
    const now = Date.now();
    if (!last || now - last.at > cacheMs) last = { at: now, result: probe() };
    return last.result;
  };
}
