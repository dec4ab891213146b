import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../auth/session-context.tsx';
import { useConfig } from '../config/config-context.tsx';
import { bikeApiBase } from '../contract/service-urls.ts';
import { paths } from '../contract/paths.ts';
import type { InviteCode } from '../contract/invite-code.ts';
import { ensureBikeAccount, redeemInvite } from './invite-api.ts';
import { isTransient, loadAnswerReader, RETRY_POLICIES, retrying } from '../http/bike-service.ts';
import { outcomeOfRedeem, outcomePath } from './invite-outcome.ts';
import { forgetInvite } from './stored-invite.ts';
import type { RedeemState } from './invite-step.ts';
import { inviteKey } from './invite-query.ts';
import { deviceQuery } from '../device/device-query.ts';
import { afterNextPaint } from '../ui/when-idle.ts';

export type Redemption = {
  /** Makes sure the bike-service account exists (decision 0049), so that Confirm's redeem is one call. */
  prepareAccount: () => void;
  /** At Confirm: redeems while the card slides out; its outcome is shown once the returned function is called. */
  confirm: () => () => void;
  /** Redeems now (the stored invite's rule, Try again). */
  redeem: () => void;
  state: RedeemState;
};

/** Redeems once however often tapped, retrying transient failures (decision 0049). */
export function useRedeem(code: InviteCode): Redemption {
  const { http } = useSession();
  const base = bikeApiBase(useConfig());
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const started = useRef(false);
  const account = useRef<Promise<void> | undefined>(undefined);
  const shown = useRef<{ outcome: Promise<void>; release: () => void } | undefined>(undefined);
  // While the card slides, the redeem under way is not shown: the card stays until its slide ends.
  const [slide, setSlide] = useState<'none' | 'sliding' | 'ended'>('none');

  const prepareAccount = useCallback(() => {
    if (account.current) return;
    account.current = ensureBikeAccount(http, base, i18n.language);
    account.current.catch(() => undefined); // tried again at the redeem
  }, [http, base, i18n]);

  const mutation = useMutation({
    mutationFn: async () => {
      const made = account.current?.then(
        () => true,
        () => false,
      );
      account.current = undefined; // a retry checks the account again
      try {
        if (!(await made)) await ensureBikeAccount(http, base, i18n.language);
        return await redeemInvite(http, base, code);
      } finally {
        await shown.current?.outcome;
      }
    },
    ...retrying(RETRY_POLICIES.invite),
    onSuccess: (invite) => {
      forgetInvite();
      navigate(paths.accepted(code));
      queryClient.setQueryData(inviteKey(code), invite); // the returned invite replaces the stored one
    },
    onError: (error) => {
      const outcome = outcomeOfRedeem(error);
      if (outcome === 'unreachable') {
        started.current = false; // nothing is lost: the invitee may try again
        return;
      }
      forgetInvite();
      navigate(outcomePath(code, outcome));
    },
  });

  const { mutate } = mutation;
  const redeem = useCallback(() => {
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);

  const confirm = useCallback(() => {
    if (shown.current) return shown.current.release;
    let open = () => {};
    const outcome = new Promise<void>((resolve) => (open = resolve));
    const release = () => {
      setSlide('ended');
      open();
    };
    shown.current = { outcome, release };
    setSlide('sliding');
    // After the slide-out's first frame: in the tap's task it delayed the slide (decision 0033).
    const painted = afterNextPaint();
    painted.then(redeem).catch(() => undefined);
    void painted.then(() => queryClient.prefetchQuery(deviceQuery())); // the accepted pages show the device's store
    painted.then(loadAnswerReader).catch(() => undefined);
    return release;
  }, [redeem, queryClient]);

  const state: RedeemState = mutation.isSuccess
    ? 'redeemed'
    : slide === 'sliding'
      ? 'idle'
      : mutation.isPending || (slide === 'ended' && mutation.isIdle)
        ? 'redeeming'
        : mutation.isError && isTransient(mutation.error)
          ? 'unreachable'
          : 'idle';
  return { prepareAccount, confirm, redeem, state };
}
