// What the page script (page-script.ts) hands over to the app (take-over.ts) on a server-rendered page.

/** Marks on <html> for the first paint (ui.css), until the app shows this browser's own state. */
export const MARKS = {
  /** A session is stored: the anonymous card of a page is not what stays. */
  session: 'data-session',
  /** This invite was accepted here before: its Accept/Decline card is not what stays. */
  inviteAccepted: 'data-invite-accepted',
} as const;

/** A tap on a button of a server-rendered page before the app ran: the button, and when (performance.now()). */
export type EarlyTap = { button: HTMLButtonElement; at: number };

/** Set on a button tapped before the app ran: ui.css shows it as taken (Accept's card slides out). */
export const TAKEN_ATTRIBUTE = 'data-taken';

/** On a button whose tap slides its card out (Accept): ui.css starts the slide at a tap taken early. */
export const SLIDES_CARD_ATTRIBUTE = 'data-slides-card';

export type TapQueue = {
  /** Whether a tap is kept: the invitee is waiting for the app. */
  waiting(): boolean;
  /** Stops keeping taps and hands over those kept, in the order they were made. */
  take(): EarlyTap[];
};

declare global {
  interface Window {
    bikeInviteTaps?: TapQueue;
  }
}
