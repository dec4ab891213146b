import { useCallback, useEffect, useRef, useState } from 'react';

export const SLIDE_OUT_MS = 500;

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/**
 * Slides a card out and runs `next` SLIDE_OUT_MS after `startedAt` (performance.now() of the tap,
 * which may have been made before the app ran); at once with reduced motion
 * (docs/behaviour/invite-page.md#accept-sign-in-confirm).
 */
export function useSlideOut(): { leaving: boolean; slideOut: (startedAt: number, next: () => void) => void } {
  const [leaving, setLeaving] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const busy = useRef(false);

  useEffect(() => () => clearTimeout(timer.current), []);

  const slideOut = useCallback((startedAt: number, next: () => void) => {
    if (busy.current) return;
    busy.current = true;
    const finish = () => {
      busy.current = false;
      setLeaving(false);
      next();
    };
    if (prefersReducedMotion()) return finish();
    setLeaving(true);
    timer.current = setTimeout(finish, Math.max(0, SLIDE_OUT_MS - (performance.now() - startedAt)));
  }, []);

  return { leaving, slideOut };
}
