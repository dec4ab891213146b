import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../auth/session-context.tsx';
import { useConfig } from '../config/config-context.tsx';
import { bikeApiBase } from '../contract/service-urls.ts';
import { paths } from '../contract/paths.ts';
import type { InviteCode } from '../contract/invite-code.ts';
import { ensureBikeAccount, redeemInvite } from './invite-api.ts';
import { answered, loadAnswerReader, RETRY_POLICIES, withRetries } from '../http/bike-service.ts';
import { outcomeOfRedeem, outcomePath } from './invite-outcome.ts';
import { forgetInvite } from './stored-invite.ts';
import type { RedeemState } from './invite-step.ts';
import { useInvites } from './invite-query.ts';
import { detectBrowserDevice } from '../device/device-query.ts';
import { afterNextPaint } from '../ui/when-idle.ts';

export type Redemption = {
  /** Makes sure the bike-service account exists (decision 0049), so that Confirm's redeem is one call. */
  prepareAccount: () => void;
  /** At Confirm: redeems while the card slides out; its outcome is shown once the returned function is called. */
  confirm: () => () => void;
  /** Redeems now (the stored invite's rule, Try again). */
  redeem: () => void;
  state: RedeemState;
  answered: boolean;
};

/** Redeems once however often tapped, retrying transient failures (decision 0049). */
export function useRedeem(code: InviteCode): Redemption {
  const { http } = useSession();
  const base = bikeApiBase(useConfig());
  const { i18n } = useTranslation();
  const invites = useInvites();
  const navigate = useNavigate();
  const started = useRef(false);
  const account = useRef<Promise<void> | undefined>(undefined);
  const shown = useRef<{ outcome: Promise<void>; release: () => void } | undefined>(undefined);
  const [sliding, setSliding] = useState(false);
  const [state, setState] = useState<RedeemState>('idle');
  const [failedAnswered, setFailedAnswered] = useState(false);

  const prepareAccount = useCallback(() => {
    if (account.current) return;
    account.current = ensureBikeAccount(http, base, i18n.language);
    account.current.catch(() => undefined); // tried again at the redeem
  }, [http, base, i18n]);

  const redeem = useCallback(() => {
    if (started.current) return;
    started.current = true;
    setState('redeeming');
    const attempt = async () => {
      const made = account.current?.then(
        () => true,
        () => false,
      );
      account.current = undefined; // a retry checks the account again
      if (!(await made)) await ensureBikeAccount(http, base, i18n.language);
      return redeemInvite(http, base, code);
    };
    withRetries(RETRY_POLICIES.invite, attempt)
      .finally(() => shown.current?.outcome)
      .then(
        (invite) => {
          forgetInvite();
          invites.keep(code, invite); // the returned invite replaces the stored one
          setState('redeemed');
          navigate(paths.accepted(code));
        },
        (error: unknown) => {
          const outcome = outcomeOfRedeem(error);
          if (outcome === 'unreachable') {
            started.current = false; // nothing is lost: the invitee may try again
            setFailedAnswered(answered(error));
            setState('unreachable');
            return;
          }
          setState('idle');
          forgetInvite();
          navigate(outcomePath(code, outcome));
        },
      );
  }, [http, base, i18n, invites, navigate, code]);

  const confirm = useCallback(() => {
    if (shown.current) return shown.current.release;
    let open = () => {};
    const outcome = new Promise<void>((resolve) => (open = resolve));
    const release = () => {
      setSliding(false);
      setState((now) => (now === 'idle' ? 'redeeming' : now)); // with reduced motion, before it is sent
      open();
    };
    shown.current = { outcome, release };
    setSliding(true);
    // After the slide-out's first frame: in the tap's task it delayed the slide (decision 0033).
    const painted = afterNextPaint();
    painted.then(redeem).catch(() => undefined);
    painted.then(detectBrowserDevice).catch(() => undefined); // the accepted pages show the device's store
    painted.then(loadAnswerReader).catch(() => undefined);
    return release;
  }, [redeem]);

  return { prepareAccount, confirm, redeem, state: sliding ? 'idle' : state, answered: failedAnswered };
}
