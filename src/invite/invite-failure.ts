import { HttpError, NetworkError } from '../http/http-error.ts';
import { isInviteStatus } from '../rules/invite-status.ts';
import type { BikeInvite } from './invite-api.ts';

// What the bike service's answer means for the invitee: a page to go to, or a retry.

/**
 * What an error means for the invitee. `invalid` and `used` have their own pages; `unreachable`
 * (no answer, a time-out, a 5xx) is neither, and is retried.
 */
export type InviteFailure = 'invalid' | 'used' | 'unreachable';

export function classifyInviteError(error: unknown): InviteFailure {
  if (error instanceof NetworkError) return 'unreachable';
  if (!(error instanceof HttpError)) return 'unreachable';
  if (error.status === 404 || error.status === 400) return 'invalid';
  if (error.status === 409 || error.status === 410 || error.status === 403) return 'used';
  return 'unreachable';
}

/**
 * What a failed load means. Every definite answer leads to the invalid page (the same answers
 * that classifyInviteError calls definite); its reason comes from the answer: 404 or 400 is an
 * unknown code, a 410's `invite_status` (the bike service's problem extension) says expired or
 * withdrawn, and a 403, 409 or a 410 without it is `unusable`. Anything else is `unreachable`,
 * and retried as before.
 */
export function classifyLoadError(error: unknown): LoadFailure {
  const failure = classifyInviteError(error);
  if (failure === 'unreachable') return 'unreachable';
  if (failure === 'invalid') return 'unknown';
  const status: unknown = (error as HttpError).body?.invite_status;
  return isInviteStatus(status) && (status === 'expired' || status === 'revoked') ? status : 'unusable';
}

/**
 * Why an invite cannot be loaded, as the invalid page explains it: no invite has this code
 * (`unknown`), it `expired`, the owner withdrew it (`revoked`), or the service refused it without
 * saying why (`unusable`).
 */
export const INVALID_REASONS = ['unknown', 'expired', 'revoked', 'unusable'] as const;
export type InvalidReason = (typeof INVALID_REASONS)[number];

/** A failed load: the invalid page with its reason, or no definite answer (retried). */
export type LoadFailure = InvalidReason | 'unreachable';

/**
 * Where a loaded invite that cannot be used goes: an accepted one to the previously-accepted page,
 * an expired or withdrawn one (a service that answers 200 with that status) to the invalid page;
 * undefined for a pending one (no status: a service that sends none, pending).
 */
export function deadInvite(
  invite: BikeInvite,
): { to: 'previously-accepted' } | { to: 'invalid'; reason: InvalidReason } | undefined {
  if (invite.status === 'accepted') return { to: 'previously-accepted' };
  if (invite.status === 'expired' || invite.status === 'revoked') return { to: 'invalid', reason: invite.status };
  return undefined;
}
