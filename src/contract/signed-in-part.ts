// A page's signed-in part (decision 0056), between the page script and the app server. Imports nothing.

export const SIGNED_IN_PART_PATH = '/signed-in-part';
export const PART_PAGE_PARAM = 'page';

/** Past this the page script sends the reads itself: the server gives its reads a fraction of it. */
export const PART_TIMEOUT_MS = 5000;

/** The answer: the part's HTML, and each read's answer by the address the page names it by (`app-session-read`). */
export type SignedInPart = { html: string; reads: Record<string, unknown> };
