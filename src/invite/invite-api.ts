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

/** GET user/me: whether the caller has a bike-service account (a read: it may be asked before the tap). */
export async function hasBikeAccount(http: HttpClient, base: string): Promise<boolean> {
  try {
    await http.get(`${base}user/me`);
    return true;
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return false;
    throw error;
  }
}

/** The bike-service account must exist before redeeming: created (`POST user`) unless `known` or
 * `user/me` says it exists; `known` is an earlier answer of `hasBikeAccount`, asked again if it failed. */
export async function ensureBikeAccount(
  http: HttpClient,
  base: string,
  language: string,
  known?: Promise<boolean>,
): Promise<void> {
  const exists = (await known?.catch(() => undefined)) ?? (await hasBikeAccount(http, base));
  if (exists) return;
  try {
    await http.post(`${base}user`, { language });
  } catch (createError) {
    // Created meanwhile (another tab, or a retry whose answer was lost): that is what we wanted.
    if (!(createError instanceof HttpError && createError.status === 409)) throw createError;
  }
}

export function redeemInvite(http: HttpClient, base: string, code: string): Promise<BikeInvite> {
  return bikeCall(http, `${base}${invitePath(code)}/use`, inviteSchema(), { method: 'POST', body: {} });
}
