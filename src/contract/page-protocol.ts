// What a rendered page tells the browser: the app server writes it, the page script and the app read it.

/** The `<meta name>` of each address the page script fetches or starts (decision 0025). */
export const PAGE_META = {
  entry: 'app-entry', // the app's script
  preload: 'app-preload', // what it imports as it starts
  module: 'app-module', // the page's own module
  signedIn: 'app-signed-in', // what it shows someone signed in (scripts and styles), fetched if a session is stored
  sessionRead: 'app-session-read', // what a stored session reads first on it (GET), sent by the page script
  signedInPart: 'app-signed-in-part', // where the page script asks for the page as its owner sees it (decision 0056)
} as const;

export type PageMetaName = (typeof PAGE_META)[keyof typeof PAGE_META];

/** A `<meta>` element naming `content` (already escaped for an attribute) under `name`. */
export const pageMeta = (name: PageMetaName, content: string): string => `<meta name="${name}" content="${content}" />`;

/** The addresses `doc` names in its `<meta>` elements of `name`, in the page's order. */
export const namedOn = (doc: Document, name: PageMetaName): string[] =>
  [...doc.querySelectorAll<HTMLMetaElement>(`meta[name="${name}"]`)].map((meta) => meta.content);

/** The id of the inert JSON element a rendered page carries for the app to hydrate from. */
export const SERVER_DATA_ID = 'server-data';

/** A tap on a button of a server-rendered page before the app ran: the button, and when (performance.now()). */
export type EarlyTap = { button: HTMLButtonElement; at: number };

export type TapQueue = {
  /** Stops keeping taps and hands over those kept, in the order they were made. */
  take(): EarlyTap[];
};

/** The global the page script keeps its taps in: set by handOverTaps, read by takeTaps only. */
export const TAP_QUEUE_GLOBAL = 'bikeInviteTaps';

declare global {
  interface Window {
    [TAP_QUEUE_GLOBAL]?: TapQueue;
  }
}

/** The page script's side: where the app finds the taps it keeps. */
export function handOverTaps(queue: TapQueue | undefined): void {
  if (queue) window[TAP_QUEUE_GLOBAL] = queue;
  else delete window[TAP_QUEUE_GLOBAL];
}

/** The app's side: the taps the page script kept (none without a page script), which stops keeping them. */
export const takeTaps = (): EarlyTap[] => window[TAP_QUEUE_GLOBAL]?.take() ?? [];

/** Where a code is exchanged, stored as a login begins: the page script sends the exchange by it. `iss`: the return's, if due (RFC 9207). */
export type CodeExchange = { url: string; client_id: string; iss: string; iss_due: boolean };

/** The exchange of a sign-in return's code the page script sent before the app ran: the code, and its answer. */
export type EarlyExchange = { code: string; answer: Promise<Response> };

/** The global the page script leaves its exchange in: set by handOverExchange, read once by takeExchange. */
export const EXCHANGE_GLOBAL = 'bikeInviteExchange';

declare global {
  interface Window {
    [EXCHANGE_GLOBAL]?: EarlyExchange;
  }
}

export function handOverExchange(exchange: EarlyExchange): void {
  window[EXCHANGE_GLOBAL] = exchange;
}

/** The app's side: the answer to the page script's exchange of `code`, once (a code is used once); else undefined. */
export function takeExchange(code: string | null): Promise<Response> | undefined {
  const sent = window[EXCHANGE_GLOBAL];
  delete window[EXCHANGE_GLOBAL];
  return sent && sent.code === code ? sent.answer : undefined;
}

export type EarlyReads = { authorization: string; answers: Map<string, Promise<Response>> };

/** The global holding the GETs the page script sent with a stored token, by absolute address: taken once each (takeRead). */
export const READS_GLOBAL = 'bikeInviteReads';

declare global {
  interface Window {
    [READS_GLOBAL]?: EarlyReads;
  }
}

export function handOverReads(reads: EarlyReads): void {
  window[READS_GLOBAL] = reads;
}

/** The reads are the first page's: once another shows, what is read is read afresh. */
export function dropReads(): void {
  if (typeof window !== 'undefined') delete window[READS_GLOBAL];
}

/** The app's side: the page script's answer to a GET of `url` sent with `authorization`, once; else undefined. */
export function takeRead(url: string, authorization: string): Promise<Response> | undefined {
  const reads = typeof window === 'undefined' ? undefined : window[READS_GLOBAL];
  if (!reads || reads.authorization !== authorization) return undefined;
  const address = new URL(url, window.location.href).href;
  const answer = reads.answers.get(address);
  reads.answers.delete(address);
  return answer;
}
