import type { FastifyInstance, FastifyReply } from 'fastify';
import { RedeemBodySchema } from '../../src/contract/bike-service.ts';
import { parseInviteCode, type InviteCode } from '../../src/contract/invite-code.ts';
import type { Context } from '../context.ts';
import { problem, ProblemError, sendProblem } from '../../http-kit/problem.ts';
import { principalOf, requireBearer } from '../ids/bearer.ts';
import { findUserById } from '../ids/users.ts';
import { findAccount } from './accounts.ts';
import { bodyOf } from './contract-io.ts';
import { findInvite, inviteStatus, publicInvite, redeemInvite, type InviteStatus } from './invites.ts';

type CodeParams = { Params: { code: string } };

export function checkedCode(value: string): InviteCode {
  const code = parseInviteCode(value);
  if (!code) {
    throw new ProblemError(
      problem(400, 'invalid-invite-code', 'An invite code is 1 to 64 letters, digits, "-" or "_".'),
    );
  }
  return code;
}

export function inviteGone(reply: FastifyReply, status: InviteStatus): FastifyReply {
  const detail = status === 'expired' ? 'This invite has expired.' : 'The owner has withdrawn this invite.';
  return sendProblem(reply, problem(410, `invite-${status}`, detail, { invite_status: status }));
}

export const inviteNotFoundProblem = () => problem(404, 'invite-not-found', 'There is no invite with this code.');

export function inviteNotFound(reply: FastifyReply): FastifyReply {
  return sendProblem(reply, inviteNotFoundProblem());
}

/** The invitee's side: anyone may look at an invite; redeeming it needs a signed-in user with an account. */
export function registerInviteRoutes(app: FastifyInstance, ctx: Context): void {
  app.get<CodeParams>('/api/v1/bike/invite-code/:code', (request, reply) => {
    const row = findInvite(ctx.db, checkedCode(request.params.code));
    if (!row) return inviteNotFound(reply);
    const now = ctx.now();
    const status = inviteStatus(row, now);
    if (status === 'expired' || status === 'revoked') return inviteGone(reply, status);
    return publicInvite(row, now);
  });

  app.post<CodeParams>('/api/v1/bike/invite-code/:code/use', { preHandler: requireBearer(ctx) }, (request, reply) => {
    const code = checkedCode(request.params.code);
    bodyOf(RedeemBodySchema, request.body);
    const { userId } = principalOf(request);
    if (!findAccount(ctx.db, userId)) {
      return sendProblem(
        reply,
        problem(403, 'account-required', 'Create the bike-service account (POST user) before using an invite.'),
      );
    }
    const now = ctx.now();
    const outcome = redeemInvite(ctx.db, code, userId, now);
    if (outcome.ok) {
      const { invite } = outcome;
      const rider = findUserById(ctx.db, userId);
      if (outcome.fresh && rider) {
        ctx.events.publish(invite.owner_id, {
          type: 'invite-accepted',
          bike_id: invite.bike_id,
          at: new Date(now).toISOString(),
          code: invite.code,
          rider: { id: userId, display_name: rider.display_name },
        });
      }
      return publicInvite(invite, now);
    }
    switch (outcome.reason) {
      case 'unknown':
        return inviteNotFound(reply);
      case 'own-invite':
        return sendProblem(reply, problem(403, 'own-invite', 'You cannot accept an invite for your own bike.'));
      case 'already-rider':
        return sendProblem(
          reply,
          problem(409, 'already-rider', 'You already ride this bike; the invite stays open for someone else.'),
        );
      case 'accepted':
        return sendProblem(reply, problem(409, 'invite-already-used', 'This invite has already been used.'));
      case 'rider-removed':
        return sendProblem(
          reply,
          problem(410, 'rider-removed', 'The owner has taken this bike back: this account no longer rides it.'),
        );
      case 'expired':
      case 'revoked':
        return inviteGone(reply, outcome.reason);
      case 'pending':
        throw new Error('a pending invite was not redeemed');
    }
  });
}
