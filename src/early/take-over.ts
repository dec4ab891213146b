import { MARKS, SLIDES_CARD_ATTRIBUTE, TAKEN_ATTRIBUTE } from './hand-over.ts';

let replayedTapAt: number | undefined;

/**
 * Takes over from the page script once hydrated: removes its marks and replays each kept tap as a
 * click on the same, now hydrated, button (dropped if it is gone or disabled). A card-sliding
 * button keeps its taken mark, so the card the page showed in its place stays until the app's.
 */
export function takeOver(): void {
  for (const mark of Object.values(MARKS)) document.documentElement.removeAttribute(mark);
  const taps = window.bikeInviteTaps?.take() ?? [];
  for (const { button, at } of taps) {
    const carriedOut = button.isConnected && !button.disabled;
    if (carriedOut) {
      replayedTapAt = at;
      try {
        button.click();
      } finally {
        replayedTapAt = undefined;
      }
    }
    if (!carriedOut || !button.hasAttribute(SLIDES_CARD_ATTRIBUTE)) button.removeAttribute(TAKEN_ATTRIBUTE);
  }
}

/** When the tap being handled was made (performance.now()), for a replayed tap the original time. */
export function tapStartedAt(): number {
  return replayedTapAt ?? performance.now();
}
