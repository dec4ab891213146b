import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button.tsx';

/** A dialog form's Cancel and submit: idle while `pending`, submit only looking disabled so that it keeps the focus. */
export function FormActions({
  pending,
  onCancel,
  children,
}: {
  pending: boolean;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="card__actions dialog__actions">
      <Button variant="secondary" onClick={() => pending || onCancel()}>
        {t('owner-invite.cancel')}
      </Button>
      <Button type="submit" aria-disabled={pending || undefined} aria-busy={pending || undefined}>
        {children}
      </Button>
    </div>
  );
}
