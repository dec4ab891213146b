import type { FastifyInstance } from 'fastify';
import { inviteLink } from '../../src/contract/paths.ts';
import { invitePath } from '../../src/contract/invite-code.ts';
import type { Context } from '../context.ts';
import { problem, sendProblem } from '../../http-kit/problem.ts';
import { principalOf, requireBearer } from '../ids/bearer.ts';
import { bikeIdOf, requireOwner } from './bike-access.ts';
import { bikesOfOwner } from './bikes.ts';
import { checkedCode, inviteNotFoundProblem } from './invite-routes.ts';
import { createInvite, findInvite, invitesOfBike, publicInvite, revokeInvite, type InviteRow } from './invites.ts';
import { ridersOfBike } from './riders.ts';

export { inviteLink };

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** An invite as its owner sees it, its link on a configured origin, never one a header names (decision 0032). */
function ownerInvite(origin: string, row: InviteRow, now: number) {
  return {
    ...publicInvite(row, now),
    bike_id: row.bike_id,
    link: inviteLink(origin, row.code),
    created_at: iso(row.created_at),
    accepted_at: iso(row.accepted_at),
    revoked_at: iso(row.revoked_at),
  };
}

/** The owner's side: list their bikes with riders and invites, create an invite, withdraw one. */
export function registerOwnerRoutes(app: FastifyInstance, ctx: Context): void {
  const bearer = requireBearer(ctx);

  app.get('/api/v1/bike', { preHandler: bearer }, (request) => {
    const now = ctx.now();
    const origin = ctx.origins.linkOrigin(request);
    return bikesOfOwner(ctx.db, principalOf(request).userId).map((bike) => ({
      id: bike.id,
      name: bike.name,
      type: bike.type,
      image_url: bike.image_url,
      riders: ridersOfBike(ctx.db, bike.id).map((rider) => ({
        id: rider.user_id,
        display_name: rider.display_name,
        avatar_url: rider.avatar_url,
        since: iso(rider.since),
      })),
      invites: invitesOfBike(ctx.db, bike.id).map((row) => ownerInvite(origin, row, now)),
    }));
  });

  app.post<{ Params: { bikeId: string }; Body: { days?: number } | undefined }>(
    '/api/v1/bike/:bikeId/invite-code',
    {
      preHandler: bearer,
      schema: {
        body: { type: ['object', 'null'], properties: { days: { type: 'integer', minimum: 1, maximum: 30 } } },
      },
    },
    (request, reply) => {
      const { userId } = principalOf(request);
      const bike = requireOwner(ctx.db, bikeIdOf(request.params.bikeId), userId, 'invite someone to it');
      const now = ctx.now();
      const row = createInvite(ctx.db, bike.id, request.body?.days ?? 7, now);
      return reply
        .code(201)
        .header('location', `/api/v1/${invitePath(row.code)}`)
        .send(ownerInvite(ctx.origins.linkOrigin(request), row, now));
    },
  );

  app.delete<{ Params: { code: string } }>(
    '/api/v1/bike/invite-code/:code',
    { preHandler: bearer },
    (request, reply) => {
      const code = checkedCode(request.params.code);
      const row = findInvite(ctx.db, code);
      const { userId } = principalOf(request);
      // Someone else's invite answers like a missing one; a rider of its bike is told it is not theirs.
      requireOwner(ctx.db, row?.bike_id, userId, 'withdraw its invites', inviteNotFoundProblem);
      const now = ctx.now();
      const revoked = revokeInvite(ctx.db, code, now);
      if (revoked === 'accepted') {
        return sendProblem(
          reply,
          problem(409, 'invite-already-used', 'This invite has already been used and cannot be withdrawn.'),
        );
      }
      return ownerInvite(ctx.origins.linkOrigin(request), revoked, now);
    },
  );
}
