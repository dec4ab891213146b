import { useCallback, useEffect, useRef, useState } from 'react';
import { tapStartedAt } from '../early/take-over.ts';

export const SLIDE_OUT_MS = 500;

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/**
 * Slides a card out and runs `next` 500 ms after the tap, counted from an early tap too; at once
 * with reduced motion (docs/behaviour/invite-page.md#accept-sign-in-confirm).
 */
export function useSlideOut(): { leaving: boolean; slideOut: (next: () => void) => void } {
  const [leaving, setLeaving] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const busy = useRef(false);

  useEffect(() => () => clearTimeout(timer.current), []);

  const slideOut = useCallback((next: () => void) => {
    if (busy.current) return;
    busy.current = true;
    const finish = () => {
      busy.current = false;
      setLeaving(false);
      next();
    };
    if (prefersReducedMotion()) return finish();
    setLeaving(true);
    timer.current = setTimeout(finish, Math.max(0, SLIDE_OUT_MS - (performance.now() - tapStartedAt())));
  }, []);

  return { leaving, slideOut };
}
