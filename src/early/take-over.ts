import { createContext, useContext, useEffect } from 'react';
import { useHydrated } from '../ui/use-hydrated.ts';
import { takeTaps, type EarlyTap } from '../contract/page-protocol.ts';
import { MARKS, SIGNED_IN_PART_ID, SIGNED_IN_PART_MARK, SLIDES_CARD_ATTRIBUTE, TAKEN_ATTRIBUTE } from './contract.ts';
import './early.css';

// The app's side of the early page: what it asks of the page script's tap queue, and taking over
// from it once hydrated.

/** The tap being replayed (when it was made), one per app (createApp). */
export type TapReplay = { at: number | undefined };

export const createTapReplay = (): TapReplay => ({ at: undefined });

const TapReplayContext = createContext<TapReplay>(createTapReplay());

export const TapReplayProvider = TapReplayContext.Provider;

export const useTapReplay = (): TapReplay => useContext(TapReplayContext);

/**
 * Takes over from the page script: removes its marks and replays each kept tap as a click on the
 * same, now hydrated, button (dropped if it is gone or disabled by its turn), one click per task,
 * as two together made a long task (decision 0033). A button waiting for its turn keeps its taken look.
 */
export function takeOver(replay: TapReplay): void {
  for (const mark of Object.values(MARKS)) document.documentElement.removeAttribute(mark);
  replayInTurn(replay, takeTaps());
}

function replayInTurn(replay: TapReplay, taps: EarlyTap[]): void {
  for (const [index, { button, at }] of taps.entries()) {
    const carriedOut = button.isConnected && !button.disabled;
    if (carriedOut) {
      replay.at = at;
      try {
        button.click(); // its handler's updates: tapUpdates
      } finally {
        replay.at = undefined;
      }
    }
    // A card-sliding button keeps its taken mark, so the card the page showed in its place stays until the app's.
    if (!carriedOut || !button.hasAttribute(SLIDES_CARD_ATTRIBUTE)) button.removeAttribute(TAKEN_ATTRIBUTE);
    const rest = taps.slice(index + 1);
    if (carriedOut && rest.length) return void setTimeout(() => replayInTurn(replay, rest), 0);
  }
}

/**
 * Takes over from the page script once hydrated, when the page shows this browser's own state: in a
 * task of its own, not in the one that runs the hydration's effects (together a long task on a slow
 * phone). A tap made meanwhile is still kept by the page script, and replayed with the others.
 */
export function useTakeOver(): void {
  const hydrated = useHydrated();
  const replay = useTapReplay();
  useEffect(() => {
    if (!hydrated) return;
    const task = setTimeout(() => takeOver(replay), 0);
    return () => clearTimeout(task);
  }, [hydrated, replay]);
}

/**
 * Runs a tap's updates to the page's state (a card slid out, the login step after an upcoming card's
 * Log in): a replayed tap's in a task after the replay (not one long task), an ordinary tap's at once.
 * Not what the tap stores or sends (the sign-in it starts may leave the page first), nor a button's own
 * look (busy): the page script's taken look goes as the tap is replayed.
 */
export function tapUpdates(replay: TapReplay, update: () => void): void {
  if (replay.at === undefined) update();
  else setTimeout(update, 0);
}

/** When the tap being handled was made (performance.now()): for a replayed tap its original time. */
export const tapStartedAt = (replay: TapReplay): number => replay.at ?? performance.now();

/** The signed-in part goes (or is never shown); the app's page is its render from the same answers, so the
 * button in the place of the one tapped in it is tapped, in a task of its own, and the focus moves alike. */
export function dropSignedInPart(): void {
  const html = document.documentElement;
  if (html.getAttribute(SIGNED_IN_PART_MARK) === 'dropped') return;
  html.setAttribute(SIGNED_IN_PART_MARK, 'dropped');
  const part = document.getElementById(SIGNED_IN_PART_ID);
  if (!part) return;
  const buttons = [...part.querySelectorAll('button')];
  const tapped = buttons.findIndex((button) => button.hasAttribute(TAKEN_ATTRIBUTE));
  const focused = buttons.findIndex((button) => button === document.activeElement);
  part.remove();
  const own = (index: number) => {
    const button = document.querySelectorAll<HTMLButtonElement>('#root button')[index];
    const theirs = buttons[index];
    const same = theirs && button?.textContent === theirs.textContent;
    return same && button.getAttribute('aria-label') === theirs.getAttribute('aria-label') ? button : undefined;
  };
  own(focused)?.focus();
  const tap = own(tapped);
  if (tap) setTimeout(() => tap.click(), 0);
}
