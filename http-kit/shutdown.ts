import type { Server } from 'node:http';
import { Server as NetServer } from 'node:net';
import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Lifecycle } from './health.ts';

export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;

/** While stopping, every answer closes its connection; a request already on its way is still answered. */
export const closingConnectionsPlugin = fp(
  async (app: FastifyInstance, { lifecycle }: { lifecycle: Lifecycle }) => {
    app.addHook('onSend', async (_request, reply) => {
      if (lifecycle.closing) reply.header('connection', 'close');
    });
  },
  { name: 'closing-connections' },
);

/** Node's `http.Server#close()` without stopping the time-out check. */
function closeKeepingTimeouts(this: Server, callback?: (error?: Error) => void): Server {
  this.closeIdleConnections();
  NetServer.prototype.close.call(this, callback);
  return this;
}

/** Keeps the request and headers time-outs while draining: a client trickling its request gets its
 * 408 at its deadline instead of holding the process for the whole grace period. */
export function keepTimeoutsWhileDraining(server: Server): void {
  server.close = closeKeepingTimeouts;
  // With no connection left, closeAllConnections() only stops the check.
  server.on('close', () => server.closeAllConnections());
}

/** On SIGTERM, SIGINT or an uncaught error: not ready, requests in flight finish, exit 0; past `graceMs`, exit 1. */
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
