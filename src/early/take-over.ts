import { MARKS, SLIDES_CARD_ATTRIBUTE, TAKEN_ATTRIBUTE } from './hand-over.ts';

let replayedTapAt: number | undefined;

/**
 * Takes over a server-rendered page from the page script, once hydrated and showing this
 * browser's state: its first-paint marks go, and the taps it kept while the app's code loaded are
 * carried out, each as the same click on the same (now hydrated) button, so it runs the same code
 * as any other tap. A button that is gone or disabled by now (the page moved on) drops its tap.
 * A button whose card slides out keeps its mark until the app removes the card: the card the page
 * showed in its place stays (ui.css).
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

/**
 * When the tap being handled was made (performance.now()): for a replayed tap, when the invitee
 * made it, so a slide that started then is not started again.
 */
export function tapStartedAt(): number {
  return replayedTapAt ?? performance.now();
}
