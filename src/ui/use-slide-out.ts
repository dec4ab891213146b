import { useCallback, useEffect, useState } from 'react';

export const SLIDE_OUT_MS = 500;

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

type SlidingOut = { startedAt: number; next: () => void };

/**
 * Slides a card out and runs `next` SLIDE_OUT_MS after `startedAt` (the tap's performance.now(),
 * maybe from before the app ran); at once with reduced motion. A second tap meanwhile is ignored.
 * The timer is an effect's, not the handler's: React may disconnect and reconnect a shown part's
 * effects (StrictMode, a hidden <Activity>), which cleared a handler's timer for good.
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
