import { useTranslation } from 'react-i18next';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';

/** "Could not reach the service", with a retry: nothing stored is lost meanwhile. */
export function ServiceUnreachable({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert>
      <p className="card__text">{t('common.error.network')}</p>
      <div className="card__actions">
        <Button onClick={onRetry}>{t('common.retry')}</Button>
      </div>
    </Alert>
  );
}
