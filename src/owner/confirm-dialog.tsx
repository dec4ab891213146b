import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';

type ConfirmDialogProps = {
  title: string;
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

/** "Withdraw this invite?": Cancel has the focus; the action runs once, and a failure keeps the dialog with a retry. */
export function ConfirmDialog({
  title,
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
  const [state, setState] = useState<{ pending: boolean; failure?: string }>({ pending: false });

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
        setState({ pending: false, failure: failureText(error) });
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
          {t('owner-confirm.cancel')}
        </Button>
        <Button
          className="button--danger"
          onClick={confirm}
          aria-disabled={state.pending || undefined}
          aria-busy={state.pending || undefined}
        >
          {state.failure ? t('common.retry') : confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
