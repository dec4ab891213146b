import { isTransient } from '../http/bike-service.ts';
import { HttpError } from '../http/http-error.ts';
import { paths } from '../contract/paths.ts';
import type { BikeInvite } from './invite-api.ts';

// What the bike service's answer means for the invitee when it is not a usable invite
// (docs/behaviour/invite-journey.md#what-an-answer-means).

/**
 * The outcomes the invalid page explains: a code the service does not know, expired, withdrawn,
 * refused without a reason, or used by this account, whose rider the owner has since removed.
 */
export const INVALID_PAGE_OUTCOMES = ['unknown', 'expired', 'revoked', 'unusable', 'taken-back'] as const;
export type InvalidPageOutcome = (typeof INVALID_PAGE_OUTCOMES)[number];

/**
 * An invite that cannot be used, and where that leads: the invalid page saying why, the
 * previously-accepted page, or no definite answer (`unreachable`: tried again, then the invitee is
 * asked, with a retry).
 */
export type InviteOutcome = InvalidPageOutcome | 'previously-accepted' | 'unreachable';

/** The outcomes that lead to a page of their own (all but `unreachable`). */
export type PageOutcome = Exclude<InviteOutcome, 'unreachable'>;

const unknownCode = (error: HttpError) => error.status === 404 || error.status === 400;

/** A failed load: an unknown code, expired or withdrawn (a 410's `invite_status`), otherwise refused. */
export function outcomeOfLoad(error: unknown): InviteOutcome {
  if (isTransient(error)) return 'unreachable';
  if (unknownCode(error as HttpError)) return 'unknown';
  const status = (error as HttpError).body?.invite_status;
  return status === 'expired' || status === 'revoked' ? status : 'unusable';
}

const RIDER_REMOVED = 'urn:bike-invite:problem:rider-removed';

/** A failed redeem: an unknown code, the owner having taken the bike back, or any other refusal, which means the invite was used. */
export function outcomeOfRedeem(error: unknown): InviteOutcome {
  if (isTransient(error)) return 'unreachable';
  if ((error as HttpError).body?.type === RIDER_REMOVED) return 'taken-back';
  return unknownCode(error as HttpError) ? 'unknown' : 'previously-accepted';
}

/** A loaded invite that cannot be used any more, by its status; undefined for a pending one (or one without a status). */
export function outcomeOfInvite(invite: BikeInvite): PageOutcome | undefined {
  if (invite.status === 'accepted') return 'previously-accepted';
  if (invite.status === 'expired' || invite.status === 'revoked') return invite.status;
  return undefined;
}

/** The page an outcome leads to; the invalid page with the reason in its address, so that a reload keeps it. */
export function outcomePath(code: string, outcome: PageOutcome): string {
  return outcome === 'previously-accepted'
    ? paths.previouslyAccepted(code)
    : `${paths.invalid(code)}?reason=${outcome}`;
}

/** The outcome in the invalid page's address; anything else reads as an unknown code. */
export function invalidPageOutcome(search: string): InvalidPageOutcome {
  const reason = new URLSearchParams(search).get('reason');
  return (INVALID_PAGE_OUTCOMES as readonly (string | null)[]).includes(reason)
    ? (reason as InvalidPageOutcome)
    : 'unknown';
}
