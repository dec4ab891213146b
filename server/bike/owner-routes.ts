import type { FastifyInstance } from 'fastify';
import {
  INVITE_DAYS,
  NewInviteBodySchema,
  OwnerBikeSchema,
  OwnerInviteSchema,
} from '../../src/contract/bike-service.ts';
import { cleanName } from '../../src/contract/clean-name.ts';
import { inviteLink } from '../../src/contract/paths.ts';
import { invitePath } from '../../src/contract/invite-code.ts';
import type { Context } from '../context.ts';
import { problem, sendProblem } from '../../http-kit/problem.ts';
import { principalOf, requireBearer } from '../ids/bearer.ts';
import { bikeIdOf, requireOwner } from './bike-access.ts';
import { bikesOfOwner } from './bikes.ts';
import { checkedCode, inviteNotFoundProblem } from './invite-routes.ts';
import { transaction } from '../db/database.ts';
import { earlierResult, idempotencyKeyOf, rememberResult } from './idempotency.ts';
import {
  createInvite,
  findInvite,
  inviteStatus,
  invitesOfBike,
  openInvitesOfBike,
  publicInvite,
  revokeInvite,
  type InviteRow,
} from './invites.ts';
import { answer, bodyOf } from './contract-io.ts';
import { LISTED_INVITES_PER_BIKE, openInviteLimitProblem } from './limits.ts';
import { ridersOfBike, UNTIL_REMOVED } from './riders.ts';
import { accessOf, ownerRider } from './rider-access.ts';

export { inviteLink };

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

/** An invite as its owner sees it, its link on a configured origin, never one a header names (decision 0032). */
function ownerInvite(origin: string, row: InviteRow, now: number) {
  return answer(OwnerInviteSchema, {
    ...publicInvite(row, now),
    code: row.code,
    type: row.type,
    status: inviteStatus(row, now),
    expires_at: iso(row.expires_at),
    bike_id: row.bike_id,
    link: inviteLink(origin, row.code),
    created_at: iso(row.created_at),
    accepted_at: isoOrNull(row.accepted_at),
    revoked_at: isoOrNull(row.revoked_at),
    note: row.note,
    accepted_by:
      row.accepted_by === null || row.accepted_by_name === null
        ? null
        : { id: row.accepted_by, display_name: row.accepted_by_name },
  });
}

/** The bike's invites as its list carries them: the open ones first, at most LISTED_INVITES_PER_BIKE. */
function listedInvites<T>(rows: InviteRow[], now: number, shape: (row: InviteRow) => T) {
  const open = rows.filter((row) => inviteStatus(row, now) === 'pending');
  const ended = rows.filter((row) => inviteStatus(row, now) !== 'pending');
  const listed = [...open, ...ended].slice(0, LISTED_INVITES_PER_BIKE);
  const omitted = rows.length - listed.length;
  return { invites: listed.map(shape), ...(omitted > 0 ? { invites_omitted: omitted } : {}) };
}

/** The owner's side: list their bikes with riders and invites, create an invite, withdraw one. */
export function registerOwnerRoutes(app: FastifyInstance, ctx: Context): void {
  const bearer = requireBearer(ctx);

  app.get('/api/v1/bike', { preHandler: bearer }, (request) => {
    const now = ctx.now();
    const origin = ctx.origins.linkOrigin(request);
    return bikesOfOwner(ctx.db, principalOf(request).userId).map((bike) =>
      answer(OwnerBikeSchema, {
        id: bike.id,
        name: bike.name,
        type: bike.type,
        image_url: bike.image_url,
        riders: ridersOfBike(ctx.db, bike.id).map((rider) => ownerRider(rider, now)),
        ...listedInvites(invitesOfBike(ctx.db, bike.id), now, (row) => ownerInvite(origin, row, now)),
      }),
    );
  });

  app.post<{ Params: { bikeId: string } }>(
    '/api/v1/bike/:bikeId/invite-code',
    { preHandler: bearer },
    (request, reply) => {
      const { userId } = principalOf(request);
      const now = ctx.now();
      const bike = requireOwner(ctx.db, bikeIdOf(request.params.bikeId), userId, now, 'invite someone to it');
      const body = bodyOf(NewInviteBodySchema, request.body);
      const days = body.days ?? INVITE_DAYS.default;
      const note = cleanName(body.note ?? '') || null;
      const access = body.access_until === undefined ? UNTIL_REMOVED : accessOf(body.access_until, body.time_zone, now);
      // A repeat of an earlier create is answered with its invite: it writes nothing, so no limit applies.
      const key = idempotencyKeyOf(request);
      const asked = JSON.stringify({
        bike: bike.id,
        days,
        ...(note === null ? {} : { note }),
        ...(access.access_until === null ? {} : { access: [access.access_until, body.time_zone] }),
      });
      const earlier = key === undefined ? undefined : earlierResult(ctx.db, userId, key, asked);
      let row = earlier === undefined ? undefined : findInvite(ctx.db, earlier);
      if (!row) {
        ctx.limitWrite(reply, 'create', userId, now);
        const { openInvitesPerBike } = ctx.options.ownerLimits;
        if (openInvitesOfBike(ctx.db, bike.id, now) >= openInvitesPerBike) {
          return sendProblem(reply, openInviteLimitProblem(openInvitesPerBike));
        }
        row = transaction(ctx.db, () => {
          const created = createInvite(ctx.db, bike.id, days, now, note, access);
          if (key !== undefined) rememberResult(ctx.db, userId, key, asked, created.code);
          return created;
        });
      }
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
      const now = ctx.now();
      // Someone else's invite answers like a missing one; a rider of its bike is told it is not theirs.
      requireOwner(ctx.db, row?.bike_id, userId, now, 'withdraw its invites', inviteNotFoundProblem);
      ctx.limitWrite(reply, 'change', userId, now);
      const revoked = revokeInvite(ctx.db, code, now);
      if (revoked === 'accepted') {
        return sendProblem(
          reply,
          problem(409, 'invite-already-used', 'This invite has already been used and cannot be withdrawn.'),
        );
      }
      if (revoked.revoked_at === now) {
        ctx.events.publish(userId, {
          type: 'invite-withdrawn',
          bike_id: revoked.bike_id,
          at: iso(now),
          code: revoked.code,
        });
      }
      return ownerInvite(ctx.origins.linkOrigin(request), revoked, now);
    },
  );
}
