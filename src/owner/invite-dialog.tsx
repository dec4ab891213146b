import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { createFailureText } from './failure-text.ts';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../http/http-error.ts';
import { INVITE_NOTE_MAX } from '../contract/bike-service.ts';
import { typeText } from '../i18n/setup-i18n.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { FormActions } from './form-actions.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { newIdempotencyKey, useCreateInvite, VALIDITY_DAYS } from './create-invite.ts';
import type { OwnerBike, OwnerInvite } from './owner-bikes-query.ts';
import { ShareInvite } from './share-invite.tsx';
import { accessChoiceError, ownerZone, UNTIL_REMOVED, type AccessChoice } from './access-date.ts';
import { AccessFields } from './access-fields.tsx';
import { useNow } from './use-now.ts';

const DAYS = Array.from({ length: VALIDITY_DAYS.max - VALIDITY_DAYS.min + 1 }, (_, i) => VALIDITY_DAYS.min + i);

/** Invite someone to a bike: how long the link stays valid, who it is for, then the link to pass on. */
export function InviteDialog({ bike, onClose }: { bike: OwnerBike; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const validityId = useId();
  const noteId = useId();
  const validity = useRef<HTMLSelectElement>(null);
  const ready = useRef<HTMLHeadingElement>(null);
  const sending = useRef(false);
  const [days, setDays] = useState<number>(VALIDITY_DAYS.default);
  const [note, setNote] = useState('');
  const [access, setAccess] = useState<AccessChoice>(UNTIL_REMOVED);
  const [checked, setChecked] = useState(false);
  const date = useRef<HTMLInputElement>(null);
  const now = useNow();
  const accessError = checked ? accessChoiceError(access, now) : undefined;
  // Another choice is another request, with a key of its own.
  const [key, setKey] = useState(newIdempotencyKey);
  const [created, setCreated] = useState<OwnerInvite>();
  const mutation = useCreateInvite(bike.id);
  // The form goes with the button that had the focus: the news takes it.
  useEffect(() => {
    if (created) ready.current?.focus();
  }, [created]);

  const create = (event: FormEvent) => {
    event.preventDefault();
    if (sending.current) return;
    // A day not chosen, past or too far: said beside the field, which takes the focus; nothing is lost.
    if (accessChoiceError(access, Date.now())) {
      setChecked(true);
      date.current?.focus();
      return;
    }
    sending.current = true;
    // Sent before any render; its promise, not mutate's callbacks (lost if it answers before the hook subscribes).
    void mutation
      .mutateAsync({ days, key, note, ...(access.until ? { access_until: access.date, time_zone: ownerZone() } : {}) })
      .then(setCreated, () => setChecked(true))
      .finally(() => {
        sending.current = false;
      });
  };

  const dayOptions = useMemo(
    () =>
      DAYS.map((count) => (
        <option key={count} value={count}>
          {t('owner-invite.days', { count })}
        </option>
      )),
    [t],
  );
  const failed = mutation.isError && !(mutation.error instanceof HttpError && mutation.error.status === 401);
  return (
    <Dialog
      title={t('owner-invite.title', { bike: bike.name })}
      onClose={onClose}
      busy={mutation.isPending}
      initialFocus={validity}
      className="invite-dialog"
    >
      {/* In the dialog from its opening, so that its news is heard: the page behind is inert. */}
      <p className="visually-hidden" role="status">
        {created ? t('owner-invite.created') : null}
      </p>
      {created ? (
        <>
          <h3 className="dialog__subtitle" ref={ready} tabIndex={-1}>
            {t('owner-invite.ready')}
          </h3>
          <ShareInvite invite={created} />
        </>
      ) : (
        <form onSubmit={create} noValidate>
          <p className="card__text">{t('owner-invite.text', typeText(i18n, bike.type))}</p>
          <label className="field-label" htmlFor={validityId}>
            {t('owner-invite.validity')}
          </label>
          <select
            id={validityId}
            ref={validity}
            className="field"
            value={days}
            onChange={(event) => {
              setDays(Number(event.target.value));
              setKey(newIdempotencyKey());
            }}
          >
            {dayOptions}
          </select>
          <label className="field-label" htmlFor={noteId}>
            {t('owner-invite.note')}
          </label>
          <input
            id={noteId}
            className="field"
            value={note}
            maxLength={INVITE_NOTE_MAX}
            autoComplete="off"
            aria-describedby={`${noteId}-hint`}
            onChange={(event) => {
              setNote(event.target.value);
              setKey(newIdempotencyKey());
            }}
          />
          <p className="field-hint owner-muted" id={`${noteId}-hint`}>
            {t('owner-invite.note-hint')}
          </p>
          <AccessFields
            choice={access}
            onChange={(choice) => {
              setAccess(choice);
              setKey(newIdempotencyKey());
            }}
            error={accessError}
            now={now}
            dateRef={date}
          />
          {failed ? (
            <Alert>
              <p className="card__text">{createFailureText(t, mutation.error)}</p>
            </Alert>
          ) : null}
          <FormActions pending={mutation.isPending} onCancel={onClose}>
            {t('owner-invite.create')}
          </FormActions>
        </form>
      )}
      {created ? (
        <div className="card__actions dialog__actions invite-dialog__done">
          <Button variant="secondary" onClick={onClose}>
            {t('owner-invite.done')}
          </Button>
        </div>
      ) : null}
    </Dialog>
  );
}
