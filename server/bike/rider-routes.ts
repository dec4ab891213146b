import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RiderAccessBodySchema, SharedBikeSchema } from '../../src/contract/bike-service.ts';
import type { Context } from '../context.ts';
import { problem, sendProblem } from '../../http-kit/problem.ts';
import { principalOf, requireBearer } from '../ids/bearer.ts';
import { bikeIdOf, requireOwner } from './bike-access.ts';
import { findBike, type Bike } from './bikes.ts';
import { answer, bodyOf } from './contract-io.ts';
import { accessOf, endedNow, ownerRider } from './rider-access.ts';
import { accessEnded, bikesSharedWith, findRider, removeRider, setAccess, UNTIL_REMOVED } from './riders.ts';

const riderLeft = (ctx: Context, bike: Bike, riderId: number) =>
  ctx.events.publish(bike.owner_id, {
    type: 'rider-left',
    bike_id: bike.id,
    at: new Date(ctx.now()).toISOString(),
    rider_id: riderId,
  });

const riderNotFound = () => problem(404, 'rider-not-found', 'This account does not ride this bike.');

type RiderParams = { Params: { bikeId: string; riderId: string } };

function riderChange(ctx: Context, request: FastifyRequest<RiderParams>, reply: FastifyReply, action: string) {
  const { userId } = principalOf(request);
  const now = ctx.now();
  const bike = requireOwner(ctx.db, bikeIdOf(request.params.bikeId), userId, now, action);
  ctx.limitWrite(reply, 'change', userId, now);
  return { bike, now, riderId: bikeIdOf(request.params.riderId) };
}

/** Riders: an owner removes one; a rider lists the bikes shared with them and leaves one. */
export function registerRiderRoutes(app: FastifyInstance, ctx: Context): void {
  const bearer = requireBearer(ctx);

  app.delete<RiderParams>('/api/v1/bike/:bikeId/rider/:riderId', { preHandler: bearer }, (request, reply) => {
    const { bike, riderId } = riderChange(ctx, request, reply, 'remove its riders');
    if (riderId === undefined || !removeRider(ctx.db, bike.id, riderId)) {
      return sendProblem(reply, riderNotFound());
    }
    riderLeft(ctx, bike, riderId);
    return reply.code(204).send();
  });

  // Until when a rider may ride: another day, until removed, or ended now (docs/decisions/0045-lend-until.md).
  app.patch<RiderParams>('/api/v1/bike/:bikeId/rider/:riderId', { preHandler: bearer }, (request, reply) => {
    const { bike, now, riderId } = riderChange(ctx, request, reply, 'change its riders');
    const body = bodyOf(RiderAccessBodySchema, request.body);
    if ((body.access_until === undefined) === (body.end_now === undefined)) {
      return sendProblem(
        reply,
        problem(400, 'invalid-request', 'Send one of "access_until" and "end_now".', { field: 'access_until' }),
      );
    }
    const rider = riderId === undefined ? undefined : findRider(ctx.db, bike.id, riderId);
    if (!rider) return sendProblem(reply, riderNotFound());
    const access = body.end_now
      ? endedNow(body.time_zone, now)
      : body.access_until
        ? accessOf(body.access_until, body.time_zone, now)
        : UNTIL_REMOVED;
    // Ending an access that has ended already keeps the day it ended: the same call twice, one result.
    if (!(body.end_now && accessEnded(rider, now))) setAccess(ctx.db, bike.id, rider.user_id, access);
    return ownerRider(findRider(ctx.db, bike.id, rider.user_id) ?? rider, now);
  });

  app.get('/api/v1/bike/shared', { preHandler: bearer }, (request) =>
    bikesSharedWith(ctx.db, principalOf(request).userId, ctx.now()).map((bike) =>
      answer(SharedBikeSchema, {
        id: bike.id,
        name: bike.name,
        type: bike.type,
        image_url: bike.image_url,
        owner_display_name: bike.owner_display_name,
        since: new Date(bike.since).toISOString(),
        access_until: bike.access_until,
      }),
    ),
  );

  app.delete<{ Params: { bikeId: string } }>(
    '/api/v1/bike/shared/:bikeId',
    { preHandler: bearer },
    (request, reply) => {
      const bikeId = bikeIdOf(request.params.bikeId);
      const now = ctx.now();
      ctx.limitWrite(reply, 'change', principalOf(request).userId, now);
      // One's own bike, someone else's, a missing one and one whose access ended alike: not a bike this account rides.
      if (bikeId === undefined || !removeRider(ctx.db, bikeId, principalOf(request).userId, now)) {
        return sendProblem(reply, riderNotFound());
      }
      const bike = findBike(ctx.db, bikeId);
      if (bike) riderLeft(ctx, bike, principalOf(request).userId);
      return reply.code(204).send();
    },
  );
}
