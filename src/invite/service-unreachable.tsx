import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { recordField } from '../field/record.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';

/** "Could not reach the service" (or, when it `answered`, that it failed), with a retry: nothing stored is lost meanwhile. */
export function ServiceUnreachable({
  onRetry,
  answered = false,
}: {
  onRetry: () => void;
  answered?: boolean | undefined;
}) {
  const { t } = useTranslation();
  useEffect(() => recordField('failed_unavailable'), []);
  return (
    <Alert>
      <p className="card__text">{t(answered ? 'common.error.service' : 'common.error.network')}</p>
      <div className="card__actions">
        <Button onClick={onRetry}>{t('common.retry')}</Button>
      </div>
    </Alert>
  );
}
