import type { HttpClient } from '../http/http-client.ts';
import { HttpError, NetworkError } from '../http/http-error.ts';
import { paths } from '../routing/paths.ts';
import type { InviteStatus } from '../rules/invite-status.ts';

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

/** An invite the service says is accepted, expired or withdrawn (no status: a service that sends none, pending). */
export const isUsedUp = (invite: BikeInvite): boolean => invite.status !== undefined && invite.status !== 'pending';

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

/** The page a definite failure leads to (SPEC.md §8: invalid page, or previously accepted). */
export function failurePath(code: string, failure: Exclude<InviteFailure, 'unreachable'>): string {
  return failure === 'invalid' ? paths.invalid(code) : paths.previouslyAccepted(code);
}

export const isTransient = (error: unknown) => classifyInviteError(error) === 'unreachable';

/** Back-off for transient failures: 1 s, 2 s, 4 s, then the invitee is asked. */
export const RETRIES = 3;
export const retryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 8000);
