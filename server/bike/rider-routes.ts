import type { FastifyInstance } from 'fastify';
import { SharedBikeSchema } from '../../src/contract/bike-service.ts';
import type { Context } from '../context.ts';
import { problem, sendProblem } from '../../http-kit/problem.ts';
import { principalOf, requireBearer } from '../ids/bearer.ts';
import { bikeIdOf, requireOwner } from './bike-access.ts';
import { findBike, type Bike } from './bikes.ts';
import { answer } from './contract-io.ts';
import { bikesSharedWith, removeRider } from './riders.ts';

const riderLeft = (ctx: Context, bike: Bike, riderId: number) =>
  ctx.events.publish(bike.owner_id, {
    type: 'rider-left',
    bike_id: bike.id,
    at: new Date(ctx.now()).toISOString(),
    rider_id: riderId,
  });

const riderNotFound = () => problem(404, 'rider-not-found', 'This account does not ride this bike.');

/** Riders: an owner removes one; a rider lists the bikes shared with them and leaves one. */
export function registerRiderRoutes(app: FastifyInstance, ctx: Context): void {
  const bearer = requireBearer(ctx);

  app.delete<{ Params: { bikeId: string; riderId: string } }>(
    '/api/v1/bike/:bikeId/rider/:riderId',
    { preHandler: bearer },
    (request, reply) => {
      const { userId } = principalOf(request);
      const bike = requireOwner(ctx.db, bikeIdOf(request.params.bikeId), userId, 'remove its riders');
      ctx.limitWrite(reply, 'change', userId, ctx.now());
      const riderId = bikeIdOf(request.params.riderId);
      if (riderId === undefined || !removeRider(ctx.db, bike.id, riderId)) {
        return sendProblem(reply, riderNotFound());
      }
      riderLeft(ctx, bike, riderId);
      return reply.code(204).send();
    },
  );

  app.get('/api/v1/bike/shared', { preHandler: bearer }, (request) =>
    bikesSharedWith(ctx.db, principalOf(request).userId).map((bike) =>
      answer(SharedBikeSchema, {
        id: bike.id,
        name: bike.name,
        type: bike.type,
        image_url: bike.image_url,
        owner_display_name: bike.owner_display_name,
        since: new Date(bike.since).toISOString(),
      }),
    ),
  );

  app.delete<{ Params: { bikeId: string } }>(
    '/api/v1/bike/shared/:bikeId',
    { preHandler: bearer },
    (request, reply) => {
      const bikeId = bikeIdOf(request.params.bikeId);
      ctx.limitWrite(reply, 'change', principalOf(request).userId, ctx.now());
      // One's own bike, someone else's and a missing one alike: not a bike this account rides.
      if (bikeId === undefined || !removeRider(ctx.db, bikeId, principalOf(request).userId)) {
        return sendProblem(reply, riderNotFound());
      }
      const bike = findBike(ctx.db, bikeId);
      if (bike) riderLeft(ctx, bike, principalOf(request).userId);
      return reply.code(204).send();
    },
  );
}
