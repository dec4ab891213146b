import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { FormActions } from './form-actions.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { accessChoiceError, accessFields, UNTIL_REMOVED, type AccessChoice } from './access-date.ts';
import { dayText } from '../i18n/day-text.ts';
import { AccessFields } from './access-fields.tsx';
import { failureText } from './failure-text.ts';
import type { OwnerBike, Rider } from './owner-bikes-query.ts';
import { endNow, useChangeAccess, type AccessChange } from './rider-access.ts';

type AccessDialogProps = {
  bike: OwnerBike;
  rider: Rider;
  now: number;
  onClose: () => void;
  /** After a change: what to say, and the dialog is closed by the caller. */
  onDone: (news: string) => void;
};

/** Until when a rider may ride: another day, until removed, or ended now; an ended one is lent again. */
export function AccessDialog({ bike, rider, now, onClose, onDone }: AccessDialogProps) {
  const { t, i18n } = useTranslation();
  const ended = rider.access_ended === true;
  const [choice, setChoice] = useState<AccessChoice>(
    !ended && rider.access_until ? { until: true, date: rider.access_until } : UNTIL_REMOVED,
  );
  const [checked, setChecked] = useState(false);
  const date = useRef<HTMLInputElement>(null);
  const change = useChangeAccess();
  const error = checked ? accessChoiceError(choice, now) : undefined;
  const names = { name: rider.display_name, bike: bike.name };

  const send = (request: AccessChange, news: (updated: Rider) => string) => {
    if (change.isPending) return;
    void change.mutateAsync({ bikeId: bike.id, riderId: rider.id, change: request }).then(
      (updated) => onDone(news(updated)),
      () => undefined, // a failure is said from the mutation's state
    );
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (accessChoiceError(choice, now)) {
      date.current?.focus();
      return;
    }
    send(accessFields(choice), (updated) =>
      updated.access_until
        ? t('owner-home.announce.access-until', { ...names, date: dayText(updated.access_until, i18n.language, now) })
        : t('owner-home.announce.access-open', names),
    );
  };

  return (
    <Dialog
      title={ended ? t('owner-access.title-again', names) : t('owner-access.title', names)}
      onClose={onClose}
      busy={change.isPending}
    >
      <form onSubmit={save} noValidate>
        <AccessFields choice={choice} onChange={setChoice} error={error} now={now} dateRef={date} quiet />
        {change.isError ? (
          <Alert>
            <p className="card__text">{failureText(t, change.error, { unreachable: t('owner-access.failed') })}</p>
          </Alert>
        ) : null}
        <FormActions pending={change.isPending} onCancel={onClose}>
          {ended ? t('owner-access.lend-again') : t('owner-access.save')}
        </FormActions>
      </form>
      {ended ? null : (
        <div className="access-dialog__end">
          <p className="card__text">{t('owner-access.end-text', names)}</p>
          <div className="card__actions">
            <Button
              className="button--danger"
              aria-disabled={change.isPending || undefined}
              onClick={() => send(endNow(), () => t('owner-home.announce.removed', names))}
            >
              {t('owner-access.end-now')}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
