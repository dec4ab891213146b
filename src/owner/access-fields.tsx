import { useId, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { dayRange, type AccessChoice, type AccessChoiceError } from './access-date.ts';

type AccessFieldsProps = {
  choice: AccessChoice;
  onChange: (choice: AccessChoice) => void;
  /** Shown once the owner tried to go on with it; the field is marked invalid and says why. */
  error: AccessChoiceError | undefined;
  now: number;
  dateRef: RefObject<HTMLInputElement | null>;
  /** The question is the dialog's title already: said to screen readers only. */
  quiet?: boolean;
};

/** Until removed, or until a day: two choices, and the browser's own date field for the day. */
export function AccessFields({ choice, onChange, error, now, dateRef, quiet = false }: AccessFieldsProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className="access-fields">
      <legend className={quiet ? 'visually-hidden' : 'field-label'}>{t('owner-access.legend')}</legend>
      <label className="choice">
        <input type="radio" name={id} checked={!choice.until} onChange={() => onChange({ ...choice, until: false })} />
        {t('owner-access.open')}
      </label>
      <label className="choice">
        <input type="radio" name={id} checked={choice.until} onChange={() => onChange({ ...choice, until: true })} />
        {t('owner-access.until')}
      </label>
      {choice.until ? (
        <div className="access-fields__date">
          <label className="field-label" htmlFor={`${id}-date`}>
            {t('owner-access.date')}
          </label>
          <input
            id={`${id}-date`}
            ref={dateRef}
            type="date"
            className="field"
            {...dayRange(now)}
            value={choice.date}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            onChange={(event) => onChange({ ...choice, date: event.target.value })}
          />
          <p className="field-hint owner-muted" id={`${id}-hint`}>
            {t('owner-access.date-hint')}
          </p>
          {error ? (
            <p className="field-error" id={`${id}-error`}>
              {t(`owner-access.error.${error}`)}
            </p>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  );
}
