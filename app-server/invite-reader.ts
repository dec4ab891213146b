import type { FastifyRequest } from 'fastify';
import { TRACEPARENT } from '../http-kit/request-log.ts';
import * as v from 'valibot';
import { InviteSchema } from '../src/contract/bike-service.ts';
import { invitePath, type InviteCode } from '../src/contract/invite-code.ts';
import type { AppMetrics, InviteReadOutcome } from './app-metrics.ts';
import type { Brand } from './brands.ts';
import type { InviteAnswer } from './renderer-module.ts';
import { readJson } from './service-read.ts';

/** The answer the renderer takes (InviteAnswer), with how the read went. */
export type InviteRead =
  | (Extract<InviteAnswer, { ok: true }> & { outcome: 'ok' })
  | (Extract<InviteAnswer, { ok: false }> & { outcome: Exclude<InviteReadOutcome, 'ok'> });

// A malformed, unknown, expired or withdrawn code: an answer about the invite, not a failure.
const NOT_FOUND = new Set([400, 404, 410]);

/** Reads an invite as an anonymous browser would, so rendering never changes one; failures are answers. */
export async function readInvite(
  base: string,
  code: string,
  timeoutMs: number,
  headers: Record<string, string> = {},
): Promise<InviteRead> {
  const read = await readJson(base + invitePath(code), headers, timeoutMs);
  if (!read.ok) {
    const outcome = read.timedOut ? 'timeout' : read.status && NOT_FOUND.has(read.status) ? 'not_found' : 'error';
    return { ok: false, outcome, reason: read.reason };
  }
  const invite = v.safeParse(InviteSchema, read.body);
  if (invite.success) return { ok: true, outcome: 'ok', body: invite.output };
  return {
    ok: false,
    outcome: 'error',
    reason: `an answer off the contract at ${v.getDotPath(invite.issues[0]) ?? 'its root'}`,
  };
}

/** The request id and trace context, carried on to the bike service. */
export function forwardedHeaders(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = { 'x-request-id': request.id };
  const { traceparent } = request.headers;
  if (typeof traceparent === 'string' && TRACEPARENT.test(traceparent)) headers.traceparent = traceparent;
  return headers;
}

/** The server's read of the invite for the renderer: timed, counted, with the request's id and trace context. */
export function inviteReader(request: FastifyRequest, brand: Brand, timeoutMs: number, metrics: AppMetrics) {
  const base = brand.bikeServiceBase();
  const headers = forwardedHeaders(request);
  const reader = {
    seconds: 0,
    read: async (code: InviteCode) => {
      const started = performance.now();
      const answer = await readInvite(base, code, timeoutMs, headers);
      const seconds = (performance.now() - started) / 1000;
      reader.seconds += seconds;
      metrics.inviteRead.observe({ brand: brand.key, outcome: answer.outcome }, seconds);
      if (answer.outcome === 'timeout' || answer.outcome === 'error') {
        request.log.warn(
          { brand: brand.key, outcome: answer.outcome, reason: answer.reason, service: new URL(base).origin },
          'invite read failed: the page goes out for the browser to render',
        );
      }
      return answer;
    },
  };
  return reader;
}
