import type { HttpClient } from '../http/http-client.ts';
import { HttpError, NetworkError } from '../http/http-error.ts';
import { paths } from '../routing/paths.ts';
import { isInviteStatus, type InviteStatus } from '../rules/invite-status.ts';

export type { InviteStatus };

/** GET bike/invite-code/{code} (SPEC.md §3: the fields the app reads, plus DESIGN.md §5's extras). */
export type BikeInvite = {
  owner_display_name: string;
  bike_name: string;
  bike_image_url: string;
  type?: string;
  status?: InviteStatus;
  expires_at?: string;
};

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

const segment = (code: string) => encodeURIComponent(code);

export function fetchInvite(http: HttpClient, base: string, code: string, signal?: AbortSignal): Promise<BikeInvite> {
  return http.get<BikeInvite>(`${base}bike/invite-code/${segment(code)}`, { signal, early: true });
}

/** The bike-service account must exist before redeeming: `user/me`, created on 404. */
export async function ensureBikeAccount(http: HttpClient, base: string, language: string): Promise<void> {
  try {
    await http.get(`${base}user/me`);
  } catch (error) {
    if (!(error instanceof HttpError && error.status === 404)) throw error;
    try {
      await http.post(`${base}user`, { language });
    } catch (createError) {
      // Created meanwhile (another tab, or a retry whose answer was lost): that is what we wanted.
      if (!(createError instanceof HttpError && createError.status === 409)) throw createError;
    }
  }
}

export function redeemInvite(http: HttpClient, base: string, code: string): Promise<BikeInvite> {
  return http.post<BikeInvite>(`${base}bike/invite-code/${segment(code)}/use`, {});
}

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

/** The invalid page for a code, with the reason in the address so that a reload keeps it. */
export function invalidPath(code: string, reason: InvalidReason): string {
  return `${paths.invalid(code)}?reason=${reason}`;
}

/** The reason in the invalid page's address; anything else reads as an unknown code. */
export function invalidReasonOf(search: string): InvalidReason {
  const reason = new URLSearchParams(search).get('reason');
  return (INVALID_REASONS as readonly (string | null)[]).includes(reason) ? (reason as InvalidReason) : 'unknown';
}

/** The page a definite redeem failure leads to (SPEC.md §8: invalid page, or previously accepted). */
export function failurePath(code: string, failure: Exclude<InviteFailure, 'unreachable'>): string {
  return failure === 'invalid' ? invalidPath(code, 'unknown') : paths.previouslyAccepted(code);
}

export const isTransient = (error: unknown) => classifyInviteError(error) === 'unreachable';

/** Back-off for transient failures: 1 s, 2 s, 4 s, then the invitee is asked. */
export const RETRIES = 3;
export const retryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 8000);
