import { PassThrough } from 'node:stream';
import { OwnerEventSchema, type OwnerEvent } from '../../src/contract/bike-service.ts';
import { problem, type Problem } from '../../http-kit/problem.ts';
import { answer } from './contract-io.ts';

/** Open streams per account (a few tabs and devices; hidden tabs close theirs) and in all, and the comment that keeps a proxy from closing a quiet one. */
export type EventStreamLimits = { perAccount: number; total: number; heartbeatMs: number };
export const EVENT_STREAM_LIMITS: EventStreamLimits = { perAccount: 8, total: 1000, heartbeatMs: 15_000 };

const RETRY_MS = 2000;

type Stream = { userId: number; out: PassThrough };

/** The owners' open event streams: each event goes to the streams of the bike's owner only. */
export function createOwnerEvents(limits: EventStreamLimits) {
  const streams = new Set<Stream>();
  let closed = false;
  const countOf = (userId: number) => [...streams].filter((stream) => stream.userId === userId).length;

  return {
    limits,
    count: () => streams.size,
    refusal(userId: number): { problem: Problem; retryAfter: number } | undefined {
      if (closed) return { problem: problem(503, null, 'The service is stopping; connect again.'), retryAfter: 2 };
      const detail =
        streams.size >= limits.total
          ? 'Too many open event streams; connect again later.'
          : countOf(userId) >= limits.perAccount
            ? 'Too many open event streams for this account; close one (a tab) or connect again later.'
            : undefined;
      return detail === undefined ? undefined : { problem: problem(429, null, detail), retryAfter: 30 };
    },
    open(userId: number, maxAgeMs: number): PassThrough {
      const out = new PassThrough();
      const stream = { userId, out };
      streams.add(stream);
      const heartbeat = setInterval(() => out.write(': keep-alive\n\n'), limits.heartbeatMs).unref();
      // The token that opened it ages: the app connects again with a current one.
      const end = setTimeout(() => out.end(), maxAgeMs).unref();
      out.on('close', () => {
        clearInterval(heartbeat);
        clearTimeout(end);
        streams.delete(stream);
      });
      out.write(`retry: ${RETRY_MS}\n\n`);
      return out;
    },
    publish(ownerId: number, event: OwnerEvent): void {
      const line = `data: ${JSON.stringify(answer(OwnerEventSchema, event))}\n\n`;
      for (const stream of streams) if (stream.userId === ownerId) stream.out.write(line);
    },
    closeAll(): void {
      closed = true;
      for (const stream of streams) stream.out.end();
    },
  };
}

export type OwnerEvents = ReturnType<typeof createOwnerEvents>;
