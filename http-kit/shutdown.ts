import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Lifecycle } from './health.ts';

export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;

/**
 * While shutting down, every answer closes its connection (Fastify closes only the idle ones). With
 * `return503OnClosing: false`, a request already on its way over a kept-alive connection is answered.
 */
export const closingConnectionsPlugin = fp(
  async (app: FastifyInstance, { lifecycle }: { lifecycle: Lifecycle }) => {
    app.addHook('onSend', async (_request, reply) => {
      if (lifecycle.closing) reply.header('connection', 'close');
    });
  },
  { name: 'closing-connections' },
);

/**
 * On SIGTERM, SIGINT or an uncaught error: readiness turns 503, `close` lets the requests in flight
 * finish and the process exits 0; past `graceMs` it exits 1 whatever is still open.
 */
export function stopOnSignals(options: {
  lifecycle: Lifecycle;
  graceMs: number;
  close: () => Promise<unknown>;
  log: (message: string) => void;
}): void {
  closeWithGrace(
    { delay: options.graceMs, logger: { error: (message: unknown) => options.log(String(message)) } },
    async ({ signal, err }) => {
      options.lifecycle.closing = true;
      if (err) options.log(`stopping after an uncaught error: ${err.stack ?? err.message}`);
      else if (signal) options.log(`${signal}: stopping (at most ${options.graceMs} ms)`);
      await options.close();
    },
  );
}
