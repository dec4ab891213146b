import { paths } from '../contract/paths.ts';
import { INVALID_REASONS, type InvalidReason, type InviteFailure } from './invite-failure.ts';

// The pages a failed load or redeem leads to, and the reason the invalid page reads back.

/** The invalid page for a code, with the reason in the address so that a reload keeps it. */
export function invalidPath(code: string, reason: InvalidReason): string {
  return `${paths.invalid(code)}?reason=${reason}`;
}

/** The reason in the invalid page's address; anything else reads as an unknown code. */
export function invalidReasonOf(search: string): InvalidReason {
  const reason = new URLSearchParams(search).get('reason');
  return (INVALID_REASONS as readonly (string | null)[]).includes(reason) ? (reason as InvalidReason) : 'unknown';
}

/**
 * The page a definite redeem failure leads to (invalid page, or previously accepted:
 * docs/behaviour/invite-journey.md#what-an-answer-means).
 */
export function failurePath(code: string, failure: Exclude<InviteFailure, 'unreachable'>): string {
  return failure === 'invalid' ? invalidPath(code, 'unknown') : paths.previouslyAccepted(code);
}
