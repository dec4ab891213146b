import type { FastifyInstance } from 'fastify';
import { appPath, paths } from '../../src/contract/paths.ts';
import { invitePath } from '../../src/contract/invite-code.ts';
import type { Context } from '../context.ts';
import { problem, sendProblem } from '../../http-kit/problem.ts';
import { principalOf, requireBearer } from '../ids/bearer.ts';
import { bikesOfOwner, findBike } from './bikes.ts';
import { checkedCode, inviteNotFound } from './invite-routes.ts';
import { createInvite, findInvite, invitesOfBike, publicInvite, revokeInvite, type InviteRow } from './invites.ts';

/** The invite's address in the app, as the app's router writes it. */
export function inviteLink(origin: string, code: string): string {
  return origin + appPath(paths.invite(code));
}

/** An invite as its owner sees it; `origin` is the app's public origin, for the link. */
function ownerInvite(origin: string, row: InviteRow, now: number) {
  return {
    ...publicInvite(row, now),
    bike_id: row.bike_id,
    link: inviteLink(origin, row.code),
    created_at: new Date(row.created_at).toISOString(),
    accepted_at: row.accepted_at === null ? null : new Date(row.accepted_at).toISOString(),
    revoked_at: row.revoked_at === null ? null : new Date(row.revoked_at).toISOString(),
  };
}

/** The owner's side: list their bikes with invites, create an invite, withdraw one. */
export function registerOwnerRoutes(app: FastifyInstance, ctx: Context): void {
  const bearer = requireBearer(ctx);

  app.get('/api/v1/bike', { preHandler: bearer }, (request) => {
    const now = ctx.now();
    return bikesOfOwner(ctx.db, principalOf(request).userId).map((bike) => ({
      id: bike.id,
      name: bike.name,
      type: bike.type,
      image_url: bike.image_url,
      invites: invitesOfBike(ctx.db, bike.id).map((row) => ownerInvite(ctx.origins.linkOrigin(request), row, now)),
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
      const bikeId = /^\d{1,12}$/.test(request.params.bikeId) ? Number(request.params.bikeId) : NaN;
      const bike = Number.isNaN(bikeId) ? undefined : findBike(ctx.db, bikeId);
      // Someone else's bike answers like a missing one, so bike ids reveal nothing.
      if (!bike || bike.owner_id !== principalOf(request).userId) {
        return sendProblem(reply, problem(404, 'bike-not-found', 'You have no bike with this id.'));
      }
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
      const row = findInvite(ctx.db, checkedCode(request.params.code));
      if (!row) return inviteNotFound(reply);
      if (row.owner_id !== principalOf(request).userId) {
        return sendProblem(reply, problem(403, 'not-owner', 'Only the owner of the bike can withdraw this invite.'));
      }
      const now = ctx.now();
      const revoked = revokeInvite(ctx.db, row.code, now);
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
