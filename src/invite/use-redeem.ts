import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../auth/session-context.tsx';
import { useConfig } from '../config/config-context.tsx';
import { bikeApiBase } from '../config/load-config.ts';
import { paths } from '../routing/paths.ts';
import { failurePath } from './failure-pages.ts';
import { ensureBikeAccount, redeemInvite } from './invite-api.ts';
import { classifyInviteError } from './invite-failure.ts';
import { isTransient, RETRIES, retryDelay } from './retry.ts';
import { forgetInvite } from './stored-invite.ts';
import type { RedeemState } from './invite-step.ts';
import { inviteKey } from './invite-query.ts';

/**
 * Redeems once: a double tap, or Enter plus a click, sends one request. Transient failures are
 * retried with back-off and then left for the invitee to retry; other outcomes have their page.
 */
export function useRedeem(code: string): { redeem: () => void; state: RedeemState } {
  const { http } = useSession();
  const base = bikeApiBase(useConfig());
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const started = useRef(false);

  const mutation = useMutation({
    mutationFn: async () => {
      await ensureBikeAccount(http, base, i18n.language);
      return redeemInvite(http, base, code);
    },
    retry: (failures, error) => isTransient(error) && failures < RETRIES,
    retryDelay,
    onSuccess: (invite) => {
      forgetInvite();
      navigate(paths.accepted(code));
      queryClient.setQueryData(inviteKey(code), invite); // the returned invite replaces the stored one
    },
    onError: (error) => {
      const failure = classifyInviteError(error);
      if (failure === 'unreachable') {
        started.current = false; // nothing is lost: the invitee may try again
        return;
      }
      forgetInvite();
      navigate(failurePath(code, failure));
    },
  });

  const { mutate } = mutation;
  const redeem = useCallback(() => {
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);

  const state: RedeemState = mutation.isSuccess
    ? 'redeemed'
    : mutation.isPending
      ? 'redeeming'
      : mutation.isError && isTransient(mutation.error)
        ? 'unreachable'
        : 'idle';
  return { redeem, state };
}
