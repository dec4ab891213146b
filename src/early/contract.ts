// What the page script (page-script.ts) and the app (take-over.ts) agree on, for a server-rendered
// page before the app runs: the marks and attributes early.css reads (the hand-over of kept taps is
// the page protocol's, src/contract/page-protocol.ts). Imports nothing, so the page script stays small.

/** Marks on <html> for the first paint (early.css), until the app shows this browser's own state. */
export const MARKS = {
  /** A session is stored: the anonymous card of a page is not what stays. */
  session: 'data-session',
  /** This invite was accepted here before: its Accept/Decline card is not what stays. */
  inviteAccepted: 'data-invite-accepted',
} as const;

/** Set on a button tapped before the app ran: early.css shows it as taken (Accept's card slides out). */
export const TAKEN_ATTRIBUTE = 'data-taken';

/** On a button whose tap slides its card out (Accept): early.css starts the slide at a tap taken early. */
export const SLIDES_CARD_ATTRIBUTE = 'data-slides-card';

/** A button's attributes for "an early tap on me slides my step card out" (spread onto the button). */
export const SLIDES_CARD_EARLY = { [SLIDES_CARD_ATTRIBUTE]: '' } as const;

/**
 * The class of the step card that waits hidden behind the invite card, which early.css shows where
 * the invite card slid out after an early Accept, or at once when this invite was accepted here.
 */
export const UPCOMING_CARD_CLASS = 'step-card--upcoming';

/** On <html>: the signed-in part `shown` by the page script (early.css), `dropped` by the app (decision 0056). */
export const SIGNED_IN_PART_MARK = 'data-signed-in-part';

export const SIGNED_IN_PART_ID = 'signed-in-part';
