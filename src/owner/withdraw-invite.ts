import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OwnerInviteSchema } from '../contract/bike-service.ts';
import { invitePath } from '../contract/invite-code.ts';
import { bikeCall, isLimited, isTransient } from '../http/bike-service.ts';
import { HttpError } from '../http/http-error.ts';
import { fetchInvite } from '../invite/invite-api.ts';
import { DoneMeanwhile, OutcomeUnknown } from './failure-text.ts';
import { ownerBikesKey, type OwnerBike, type OwnerInvite } from './owner-bikes-query.ts';
import { OWNER_KEY, useBikeService, type BikeService } from './owner-service.ts';
import { recordField } from '../field/record.ts';

// DELETE bike/invite-code/{code}: withdraws an open invite; the invitee then gets the withdrawn page.

export function withdrawInvite({ http, base }: BikeService, code: string): Promise<OwnerInvite> {
  return bikeCall(http, `${base}${invitePath(code)}`, OwnerInviteSchema, { method: 'DELETE' });
}

/**
 * Withdraws, and when the answer was lost reads the invite's state to know what happened: withdrawn
 * (undefined: the list is read again), still open (the failure stands), accepted meanwhile (the
 * 409's words), or unknown.
 */
async function withdrawOrRead(service: BikeService, code: string): Promise<OwnerInvite | undefined> {
  try {
    return await withdrawInvite(service, code);
  } catch (error) {
    if (!isTransient(error) || isLimited(error)) throw error;
    const status = await fetchInvite(service.http, service.base, code).then(
      (invite) => invite.status,
      (readError: unknown) => (readError instanceof HttpError ? readError.body?.invite_status : undefined),
    );
    if (status === 'revoked') return undefined;
    if (status === 'accepted') throw new DoneMeanwhile();
    if (status === 'pending') throw error;
    throw new OutcomeUnknown(error);
  }
}

/** The list changes only with the service's answer: a withdraw that failed never looks done. */
export function useWithdrawInvite() {
  const service = useBikeService();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => withdrawOrRead(service, code),
    onSuccess: (withdrawn) => {
      recordField('invite_withdrawn');
      if (!withdrawn) return;
      queryClient.setQueryData<OwnerBike[] | null>(ownerBikesKey, (bikes) =>
        bikes?.map((bike) => ({
          ...bike,
          invites: bike.invites.map((invite) => (invite.code === withdrawn.code ? withdrawn : invite)),
        })),
      );
    },
    // Also after a failure: a 409 means it was accepted meanwhile, and the list should say so.
    onSettled: () => queryClient.invalidateQueries({ queryKey: [OWNER_KEY] }),
  });
}
