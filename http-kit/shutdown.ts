import type { Server } from 'node:http';
import { Server as NetServer } from 'node:net';
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
 * What Node's own `http.Server#close()` does, but for stopping the time-out check: idle connections
 * go at once, the others when answered (closingConnectionsPlugin) or timed out.
 */
function closeKeepingTimeouts(this: Server, callback?: (error?: Error) => void): Server {
  this.closeIdleConnections();
  NetServer.prototype.close.call(this, callback);
  return this;
}

/**
 * Keeps the request and headers time-outs while the server drains. Node's `close()` stops the
 * check that enforces them, so a client trickling its request during the drain would hold the
 * process for the whole grace period and get no answer; here it gets its 408 at its own deadline.
 * The check stops once the last connection has gone.
 */
export function keepTimeoutsWhileDraining(server: Server): void {
  server.close = closeKeepingTimeouts;
  // With no connection left, closeAllConnections() only stops the check.
  server.on('close', () => server.closeAllConnections());
}

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
