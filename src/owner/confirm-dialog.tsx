import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isTransient } from '../http/bike-service.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { DoneMeanwhile } from './failure-text.ts';

type ConfirmDialogProps = {
  title: string;
  /** What it is about, above the text (an invite's code and note). */
  subject?: ReactNode;
  text: string;
  confirmLabel: string;
  /** The action; the dialog stays open, saying why, until it succeeds or is cancelled. */
  onConfirm: () => Promise<unknown>;
  failureText: (error: unknown) => string;
  onCancel: () => void;
  /** After the action succeeded: the caller closes the dialog and says what changed. */
  onDone: () => void;
  /** Where the focus goes after it succeeded (the thing it opened from may be gone); a cancel goes back. */
  focusAfter: () => HTMLElement | null | undefined;
};

/** "Withdraw this invite?": Cancel has the focus; the action runs once; a failure keeps the dialog, with a retry unless final. */
export function ConfirmDialog({
  title,
  subject,
  text,
  confirmLabel,
  onConfirm,
  failureText,
  onCancel,
  onDone,
  focusAfter,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const cancel = useRef<HTMLButtonElement>(null);
  const running = useRef(false);
  const succeeded = useRef(false);
  const [state, setState] = useState<{ pending: boolean; failure?: string; final?: boolean }>({ pending: false });
  useEffect(() => {
    if (state.final) cancel.current?.focus();
  }, [state.final]);

  const confirm = () => {
    if (running.current) return;
    running.current = true;
    setState({ pending: true });
    onConfirm().then(
      () => {
        succeeded.current = true;
        onDone();
      },
      (error: unknown) => {
        running.current = false;
        const final = error instanceof DoneMeanwhile || !isTransient(error);
        setState({ pending: false, failure: failureText(error), final });
      },
    );
  };

  // aria-disabled, not disabled, while it runs: a disabled button would drop the focus to the page.
  return (
    <Dialog
      title={title}
      onClose={onCancel}
      busy={state.pending}
      initialFocus={cancel}
      returnFocus={() => (succeeded.current ? focusAfter() : undefined)}
    >
      {subject}
      <p className="card__text">{text}</p>
      {state.failure ? (
        <Alert>
          <p className="card__text">{state.failure}</p>
        </Alert>
      ) : null}
      <div className="card__actions dialog__actions">
        <Button
          variant="secondary"
          ref={cancel}
          onClick={() => state.pending || onCancel()}
          aria-disabled={state.pending || undefined}
        >
          {state.final ? t('owner-confirm.close') : t('owner-confirm.cancel')}
        </Button>
        {state.final ? null : (
          <Button
            className="button--danger"
            onClick={confirm}
            aria-disabled={state.pending || undefined}
            aria-busy={state.pending || undefined}
          >
            {state.failure ? t('common.retry') : confirmLabel}
          </Button>
        )}
      </div>
    </Dialog>
  );
}
