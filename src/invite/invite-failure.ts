import { HttpError, NetworkError } from '../http/http-error.ts';
import { isInviteStatus } from '../contract/invite-status.ts';
import type { BikeInvite } from './invite-api.ts';

// What the bike service's answer means for the invitee (docs/behaviour/invite-journey.md#what-an-answer-means).

/** `invalid` and `used` have their own pages; `unreachable` (no answer, a time-out, a 5xx) is retried. */
export type InviteFailure = 'invalid' | 'used' | 'unreachable';

export function classifyInviteError(error: unknown): InviteFailure {
  if (error instanceof NetworkError) return 'unreachable';
  if (!(error instanceof HttpError)) return 'unreachable';
  if (error.status === 404 || error.status === 400) return 'invalid';
  if (error.status === 409 || error.status === 410 || error.status === 403) return 'used';
  return 'unreachable';
}

/**
 * A failed load: every definite answer is an invalid-page reason (a 410's `invite_status` says
 * expired or withdrawn); anything else is `unreachable`.
 */
export function classifyLoadError(error: unknown): LoadFailure {
  const failure = classifyInviteError(error);
  if (failure === 'unreachable') return 'unreachable';
  if (failure === 'invalid') return 'unknown';
  const status: unknown = (error as HttpError).body?.invite_status;
  return isInviteStatus(status) && (status === 'expired' || status === 'revoked') ? status : 'unusable';
}

/** Why an invite cannot be loaded, as the invalid page explains it (`unusable`: refused without a reason). */
export const INVALID_REASONS = ['unknown', 'expired', 'revoked', 'unusable'] as const;
export type InvalidReason = (typeof INVALID_REASONS)[number];

/** A failed load: the invalid page with its reason, or no definite answer (retried). */
export type LoadFailure = InvalidReason | 'unreachable';

/**
 * Where a loaded invite that cannot be used goes, by its status; undefined for a pending one (or
 * one without a status).
 */
export function deadInvite(
  invite: BikeInvite,
): { to: 'previously-accepted' } | { to: 'invalid'; reason: InvalidReason } | undefined {
  if (invite.status === 'accepted') return { to: 'previously-accepted' };
  if (invite.status === 'expired' || invite.status === 'revoked') return { to: 'invalid', reason: invite.status };
  return undefined;
}
