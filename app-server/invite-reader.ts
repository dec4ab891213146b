import { invitePath } from '../src/contract/invite-code.ts';
import type { InviteAnswer } from './renderer-module.ts';

/** How a read went, as the metrics count it (app-metrics.ts). */
export type InviteReadOutcome = 'ok' | 'not_found' | 'timeout' | 'error';

/** The answer the renderer takes (InviteAnswer), with how the read went. */
export type InviteRead =
  | (Extract<InviteAnswer, { ok: true }> & { outcome: 'ok' })
  | (Extract<InviteAnswer, { ok: false }> & { outcome: Exclude<InviteReadOutcome, 'ok'> });

// A malformed, unknown, expired or withdrawn code: an answer about the invite, not a failure.
const NOT_FOUND = new Set([400, 404, 410]);

/**
 * Reads an invite as an anonymous browser would (one GET, no cookies, no token), so rendering a page
 * can never change an invite. Whatever goes wrong is an answer, never an exception.
 */
export async function readInvite(
  base: string,
  code: string,
  timeoutMs: number,
  headers: Record<string, string> = {},
): Promise<InviteRead> {
  const url = base + invitePath(code);
  try {
    const response = await fetch(url, {
      method: 'GET',
      headers: { ...headers, accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) {
      await response.body?.cancel();
      const outcome = NOT_FOUND.has(response.status) ? 'not_found' : 'error';
      return { ok: false, outcome, reason: `answered ${response.status}` };
    }
    return { ok: true, outcome: 'ok', body: await response.json() };
  } catch (error) {
    const { name, message, cause } = error as Error & { cause?: { code?: string } };
    if (name === 'TimeoutError') return { ok: false, outcome: 'timeout', reason: `no answer within ${timeoutMs} ms` };
    return { ok: false, outcome: 'error', reason: cause?.code ? `${message} (${cause.code})` : message };
  }
}
