import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../ui/spinner.tsx';
import { ServiceUnreachable } from './service-unreachable.tsx';
import { useRedeem } from './use-redeem.ts';
import type { InviteCode } from '../contract/invite-code.ts';

/** The login page's rule: signed in with an accepted invite stored, it is redeemed at once. */
export function RedeemStoredInvite({ code }: { code: InviteCode }) {
  const { t } = useTranslation();
  const { redeem, state, answered } = useRedeem(code);
  useEffect(redeem, [redeem]);
  if (state === 'unreachable') return <ServiceUnreachable onRetry={redeem} answered={answered} />;
  return <Spinner label={t('common.loading')} />;
}
