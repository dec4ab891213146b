import type { Invite } from '../contract/bike-service.ts';
import type { InviteStatus } from '../contract/invite-status.ts';
import { invitePath } from '../contract/invite-code.ts';
import { bikeCall } from '../http/bike-service.ts';
import type { HttpClient } from '../http/http-client.ts';
import { HttpError } from '../http/http-error.ts';

// The bike service's invite calls; what their failures mean is invite-outcome.ts's to say.

export type { InviteStatus };

/** GET bike/invite-code/{code}: src/contract/bike-service.ts's Invite. */
export type BikeInvite = Invite;

const inviteSchema = () => import('../contract/bike-service.ts').then((contract) => contract.InviteSchema);

export function fetchInvite(http: HttpClient, base: string, code: string, signal?: AbortSignal): Promise<BikeInvite> {
  return bikeCall(http, `${base}${invitePath(code)}`, inviteSchema(), { signal });
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
  return bikeCall(http, `${base}${invitePath(code)}/use`, inviteSchema(), { method: 'POST', body: {} });
}
