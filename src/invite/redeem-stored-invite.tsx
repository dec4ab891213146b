import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { useRedeem } from './use-redeem.ts';

/** The login page's rule: signed in with an accepted invite stored, it is redeemed at once. */
export function RedeemStoredInvite({ code }: { code: string }) {
  const { t } = useTranslation();
  const { redeem, state } = useRedeem(code);
  useEffect(redeem, [redeem]);
  if (state === 'unreachable') {
    return (
      <Alert>
        <p className="card__text">{t('common.error.network')}</p>
        <div className="card__actions">
          <Button onClick={redeem}>{t('common.retry')}</Button>
        </div>
      </Alert>
    );
  }
  return <Spinner label={t('common.loading')} />;
}
