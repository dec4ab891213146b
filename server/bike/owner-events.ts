import type { FastifyInstance, FastifyReply } from 'fastify';
import { OWNER_EVENTS_PATH } from '../../src/contract/bike-service.ts';
import { sendProblem } from '../../http-kit/problem.ts';
import type { Context } from '../context.ts';
import { principalOf, requireBearer } from '../ids/bearer.ts';

export function registerOwnerEvents(app: FastifyInstance, ctx: Context): void {
  const events = ctx.events;
  app.get(
    `/api/v1/${OWNER_EVENTS_PATH}`,
    // Not compressed: a gzip stream holds each event back until it has enough to send.
    // Out of the request-duration histogram too: a stream lasts minutes, by design.
    { preHandler: requireBearer(ctx), compress: false, config: { disableMetrics: true } },
    (request, reply: FastifyReply) => {
      const { userId } = principalOf(request);
      const refused = events.refusal(userId);
      if (refused) return sendProblem(reply.header('retry-after', String(refused.retryAfter)), refused.problem);
      const out = events.open(userId, ctx.tokenSettings.accessTtlSeconds * 1000);
      request.raw.on('close', () => out.destroy());
      return reply
        .type('text/event-stream; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-accel-buffering', 'no') // nginx: pass each event on at once
        .send(out);
    },
  );
  app.addHook('preClose', async () => events.closeAll());
}
