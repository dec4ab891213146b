import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OwnerInviteSchema } from '../contract/bike-service.ts';
import { invitePath } from '../contract/invite-code.ts';
import { bikeCall } from '../http/bike-service.ts';
import { ownerBikesKey, type OwnerBike, type OwnerInvite } from './owner-bikes-query.ts';
import { OWNER_KEY, useBikeService, type BikeService } from './owner-service.ts';
import { recordField } from '../field/record.ts';

// DELETE bike/invite-code/{code}: withdraws an open invite; the invitee then gets the withdrawn page.

export function withdrawInvite({ http, base }: BikeService, code: string): Promise<OwnerInvite> {
  return bikeCall(http, `${base}${invitePath(code)}`, OwnerInviteSchema, { method: 'DELETE' });
}

/** The list changes only with the service's answer: a withdraw that failed never looks done. */
export function useWithdrawInvite() {
  const service = useBikeService();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => withdrawInvite(service, code),
    onSuccess: (withdrawn) => {
      recordField('invite_withdrawn');
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
