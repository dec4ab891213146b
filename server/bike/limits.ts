import type { FastifyReply } from 'fastify';
import { problem, ProblemError } from '../../http-kit/problem.ts';
import { createWindowCounter } from '../ids/window-counter.ts';

/** Open invites per bike: a household shares a bike with a few people, so twenty unanswered is past any real owner. */
export const OPEN_INVITES_PER_BIKE = 20;

/** Invites the bike list carries per bike, the open ones first; the rest are counted, not sent. */
export const LISTED_INVITES_PER_BIKE = 50;

/** Per account and minute: new invites, and the cheap writes (withdrawing, removing a rider, leaving). */
export const WRITES_PER_MINUTE = { create: 10, change: 30 } as const;

const MINUTE = 60_000;
// Past this many accounts in one minute, a new one is refused until the window ends (fails closed).
const MAX_ACCOUNTS = 10_000;

export type WriteKind = keyof typeof WRITES_PER_MINUTE;

export function createWriteLimits() {
  const counters = {
    create: createWindowCounter({ windowMs: MINUTE, maxKeys: MAX_ACCOUNTS }),
    change: createWindowCounter({ windowMs: MINUTE, maxKeys: MAX_ACCOUNTS }),
  };
  /** Counts one write of `kind` by the account; throws a 429 with Retry-After once past the limit. */
  return (reply: FastifyReply, kind: WriteKind, userId: number, now: number): void => {
    const { count, resetInMs } = counters[kind].hit(String(userId), now);
    if (count <= WRITES_PER_MINUTE[kind]) return;
    const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
    reply.header('retry-after', String(seconds));
    throw new ProblemError(
      problem(429, 'too-many-writes', `Too many changes in a short time; try again in ${seconds} s.`, {
        retry_after: seconds,
      }),
    );
  };
}

export const openInviteLimitProblem = () =>
  problem(
    409,
    'open-invite-limit',
    `This bike already has ${OPEN_INVITES_PER_BIKE} open invites; withdraw one to make another.`,
    { limit: OPEN_INVITES_PER_BIKE },
  );
