import { useCallback, useEffect, useState } from 'react';

export const SLIDE_OUT_MS = 500;

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

type SlidingOut = { startedAt: number; next: () => void };

/**
 * Slides a card out and runs `next` SLIDE_OUT_MS after `startedAt` (performance.now() of the tap,
 * which may have been made before the app ran); at once with reduced motion
 * (docs/behaviour/invite-page.md#accept-sign-in-confirm). A second tap meanwhile is ignored.
 *
 * The timer belongs to an effect of the slide-out's state, not to the tap's handler: React may
 * disconnect a component's effects and connect them again while it stays on the screen (StrictMode
 * does so with effects still pending when a tap comes, a hidden <Activity> does so too), and
 * a timer the handler set was then cleared for good, the card left slid out with nothing after it.
 * Connected again, the effect sets the timer again for what is left of the slide-out.
 */
export function useSlideOut(): { leaving: boolean; slideOut: (startedAt: number, next: () => void) => void } {
  const [slidingOut, setSlidingOut] = useState<SlidingOut>();

  useEffect(() => {
    if (!slidingOut) return;
    const timer = setTimeout(
      () => {
        setSlidingOut(undefined);
        slidingOut.next();
      },
      Math.max(0, SLIDE_OUT_MS - (performance.now() - slidingOut.startedAt)),
    );
    return () => clearTimeout(timer);
  }, [slidingOut]);

  const slideOut = useCallback((startedAt: number, next: () => void) => {
    if (prefersReducedMotion()) return next();
    setSlidingOut((current) => current ?? { startedAt, next });
  }, []);

  return { leaving: slidingOut !== undefined, slideOut };
}
