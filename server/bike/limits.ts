import type { FastifyReply } from 'fastify';
import { problem, ProblemError } from '../../http-kit/problem.ts';
import { createWindowCounter } from '../ids/window-counter.ts';

/** Open invites per bike: a household shares a bike with a few people, so twenty unanswered is past any real owner. */
export const OPEN_INVITES_PER_BIKE = 20;

/** Invites the bike list carries per bike, the open ones first; the rest are counted, not sent. */
export const LISTED_INVITES_PER_BIKE = 50;

/** Per account and minute: new invites, and the cheap writes (withdrawing, removing a rider, leaving). */
export const WRITES_PER_MINUTE = { create: 10, change: 30 } as const;

/** The owner's limits a deployment runs with: the defaults above, raised only where one account stands for many people (the end-to-end suite's demo). */
export type OwnerLimits = { openInvitesPerBike: number; writesPerMinute: Record<WriteKind, number> };
export const DEFAULT_OWNER_LIMITS: OwnerLimits = {
  openInvitesPerBike: OPEN_INVITES_PER_BIKE,
  writesPerMinute: WRITES_PER_MINUTE,
};

const MINUTE = 60_000;
// Past this many accounts in one minute, a new one is refused until the window ends (fails closed).
const MAX_ACCOUNTS = 10_000;

export type WriteKind = keyof typeof WRITES_PER_MINUTE;

export function createWriteLimits(perMinute: Record<WriteKind, number> = WRITES_PER_MINUTE) {
  const counters = {
    create: createWindowCounter({ windowMs: MINUTE, maxKeys: MAX_ACCOUNTS }),
    change: createWindowCounter({ windowMs: MINUTE, maxKeys: MAX_ACCOUNTS }),
  };
  /** Counts one write of `kind` by the account; throws a 429 with Retry-After once past the limit. */
  return (reply: FastifyReply, kind: WriteKind, userId: number, now: number): void => {
    const { count, resetInMs } = counters[kind].hit(String(userId), now);
    if (count <= perMinute[kind]) return;
    const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
    reply.header('retry-after', String(seconds));
    throw new ProblemError(
      problem(429, 'too-many-writes', `Too many changes in a short time; try again in ${seconds} s.`, {
        retry_after: seconds,
      }),
    );
  };
}

export const openInviteLimitProblem = (limit: number) =>
  problem(409, 'open-invite-limit', `This bike already has ${limit} open invites; withdraw one to make another.`, {
    limit,
  });
