import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../auth/session-context.tsx';
import { useConfig } from '../config/config-context.tsx';
import { bikeApiBase } from '../contract/service-urls.ts';
import { paths } from '../contract/paths.ts';
import type { InviteCode } from '../contract/invite-code.ts';
import { ensureBikeAccount, redeemInvite } from './invite-api.ts';
import { loadAnswerReader, RETRY_POLICIES, withRetries } from '../http/bike-service.ts';
import { outcomeOfRedeem, outcomePath } from './invite-outcome.ts';
import { forgetInvite } from './stored-invite.ts';
import type { RedeemState } from './invite-step.ts';
import { useInvites } from './invite-query.ts';
import { detectBrowserDevice } from '../device/device-query.ts';
import { afterNextPaint } from '../ui/when-idle.ts';

/** Redeems once however often tapped, retrying transient failures; `prepare` (at Confirm) checks the
 * account, detects the device and loads the answer's reader while the card slides out. */
export function useRedeem(code: InviteCode): { prepare: () => void; redeem: () => void; state: RedeemState } {
  const { http } = useSession();
  const base = bikeApiBase(useConfig());
  const { i18n } = useTranslation();
  const invites = useInvites();
  const navigate = useNavigate();
  const started = useRef(false);
  const account = useRef<Promise<void> | undefined>(undefined);

  const prepare = useCallback(() => {
    // After the slide-out's first frame: in the tap's task it delayed the slide (decision 0033).
    const painted = afterNextPaint();
    if (!account.current) {
      account.current = painted.then(() => ensureBikeAccount(http, base, i18n.language));
      account.current.catch(() => undefined); // a failure is the redeem's to handle
    }
    painted.then(detectBrowserDevice).catch(() => undefined); // the accepted pages show the device's store
    painted.then(loadAnswerReader).catch(() => undefined);
  }, [http, base, i18n]);

  const [state, setState] = useState<RedeemState>('idle');
  const redeem = useCallback(() => {
    if (started.current) return;
    started.current = true;
    setState('redeeming');
    const attempt = async () => {
      const ready = account.current ?? ensureBikeAccount(http, base, i18n.language);
      account.current = undefined; // a retry checks the account again
      await ready;
      return redeemInvite(http, base, code);
    };
    withRetries(RETRY_POLICIES.invite, attempt).then(
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
          setState('unreachable');
          return;
        }
        setState('idle');
        forgetInvite();
        navigate(outcomePath(code, outcome));
      },
    );
  }, [http, base, i18n, invites, navigate, code]);

  return { prepare, redeem, state };
}
