import { startTransition, useEffect } from 'react';
import { useHydrated } from '../ui/use-hydrated.ts';
import { MARKS, SLIDES_CARD_ATTRIBUTE, TAKEN_ATTRIBUTE } from './contract.ts';
import './early.css';

// The app's side of the early page: what it asks of the page script's tap queue, and taking over
// from it once hydrated.

let replayedTapAt: number | undefined;

/**
 * Takes over from the page script: removes its marks and replays each kept tap as a click on the
 * same, now hydrated, button (dropped if it is gone or disabled), its updates as a transition. A card-sliding button keeps its
 * taken mark, so the card the page showed in its place stays until the app's.
 */
export function takeOver(): void {
  for (const mark of Object.values(MARKS)) document.documentElement.removeAttribute(mark);
  const taps = window.bikeInviteTaps?.take() ?? [];
  for (const { button, at } of taps) {
    const carriedOut = button.isConnected && !button.disabled;
    if (carriedOut) {
      replayedTapAt = at;
      try {
        // What the tap changes is rendered as a transition, in slices: the page already shows the
        // tap as taken, and a render in one piece would be a long task on a slow phone.
        startTransition(() => button.click());
      } finally {
        replayedTapAt = undefined;
      }
    }
    if (!carriedOut || !button.hasAttribute(SLIDES_CARD_ATTRIBUTE)) button.removeAttribute(TAKEN_ATTRIBUTE);
  }
}

/** Takes over from the page script once hydrated, when the page shows this browser's own state. */
export function useTakeOver(): void {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) takeOver();
  }, [hydrated]);
}

/** When the tap being handled was made (performance.now()): for a replayed tap its original time. */
export function tapStartedAt(): number {
  return replayedTapAt ?? performance.now();
}
