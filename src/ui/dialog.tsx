import './dialog.css';
import { useId, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';

type DialogProps = {
  title: ReactNode;
  /** Escape, the phone's back gesture or a Cancel button: the caller unmounts the dialog. */
  onClose: () => void;
  /** While an action runs, Escape does not close it: its outcome must be seen. */
  busy?: boolean;
  /** What takes the focus when it opens; default: its title. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Where the focus goes when it closes; default: where it was before (when it is still there). */
  returnFocus?: () => HTMLElement | null | undefined;
  className?: string;
  children: ReactNode;
};

/** A modal `<dialog>` shown with showModal(), mounted while open: the page behind is inert and it
 * sits in the top layer (decision 0032). The focus moves in, and back out when it closes. */
export function Dialog({ title, onClose, busy = false, initialFocus, returnFocus, className, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  // Read when it closes, so the latest wish counts (e.g. a heading, once the row it opened from is gone).
  const returnTo = useRef(returnFocus);
  returnTo.current = returnFocus;

  // Opened in the render's own task: an effect (a frame later on Preact) showed it a frame late.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    (initialFocus?.current ?? titleRef.current)?.focus();
    return () => {
      if (dialog.open) dialog.close();
      const target = returnTo.current?.() ?? opener;
      if (target?.isConnected) target.focus();
    };
    // Once per opening: a new initialFocus object must not move the focus again.
    // oxlint-disable-next-line react/exhaustive-deps
  }, []);

  const close = (event: { preventDefault: () => void }) => {
    event.preventDefault(); // the app's state closes it, by unmounting
    if (!busy) onClose();
  };

  return (
    <dialog
      ref={ref}
      className={['dialog', className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      onCancel={close}
      onKeyDown={(event) => {
        if (event.key === 'Escape') close(event);
      }}
    >
      <h2 className="dialog__title" id={titleId} ref={titleRef} tabIndex={-1}>
        {title}
      </h2>
      {children}
    </dialog>
  );
}
