import { readEvents } from '../http/event-stream.ts';
import { HttpError } from '../http/http-error.ts';
import { isNotOffered } from './owner-service.ts';

// The owner's live channel, kept open while the page is seen (docs/decisions/0046-seen-at-once.md).

export const RECONNECT_MS = { first: 1000, longest: 30_000 };

export type EventFollowing = {
  open: (signal: AbortSignal) => Promise<Response>;
  /** Connected, the first time or after a break: events may have been missed. */
  onOpen: () => void;
  onEvent: (data: string) => void;
  /** The service has no live channel (404, 405, 501): nothing more is tried. */
  onNotOffered: () => void;
  page?: Pick<Document, 'hidden' | 'addEventListener' | 'removeEventListener'>;
  /** Spreads the reconnections of many pages (a restarted service): a number in [0, 1). */
  random?: () => number;
};

/** The wait before connection `failures` + 1: from the service's hint or the first, doubled per failure, at most the longest, jittered. */
export function reconnectDelay(failures: number, hint: number | undefined, random: () => number): number {
  const base = Math.min((hint ?? RECONNECT_MS.first) * 2 ** failures, RECONNECT_MS.longest);
  return Math.round(base * (0.5 + random() / 2));
}

export function followEvents(following: EventFollowing): () => void {
  const { open, onOpen, onEvent, onNotOffered, page = document, random = Math.random } = following;
  let stopped = false;
  let connection: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;

  const later = (ms: number) => {
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, ms);
  };

  async function connect(): Promise<void> {
    if (stopped || page.hidden || connection) return;
    const current = new AbortController();
    connection = current;
    let hint: number | undefined;
    try {
      const response = await open(current.signal);
      onOpen();
      const since = Date.now();
      hint = await readEvents(response, onEvent);
      // A stream that keeps ending at once (a proxy cutting it) is waited for longer each time.
      failures = Date.now() - since < RECONNECT_MS.longest ? failures + 1 : 0;
    } catch (error) {
      if (current.signal.aborted) return; // hidden or stopped: the caller decides what next
      if (isNotOffered(error)) return onNotOffered();
      if (error instanceof HttpError && error.status === 401) return; // the session has ended
      failures++;
    } finally {
      if (connection === current) connection = undefined;
    }
    if (!stopped && !page.hidden) later(reconnectDelay(failures, hint, random));
  }

  const onVisibility = () => {
    if (page.hidden) {
      clearTimeout(timer);
      timer = undefined;
      connection?.abort();
      connection = undefined;
    } else if (!timer) {
      void connect();
    }
  };
  page.addEventListener('visibilitychange', onVisibility);
  void connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    connection?.abort();
    page.removeEventListener('visibilitychange', onVisibility);
  };
}

/** `read` one at a time: calls while one is on its way ask for one more after it, not one each (a burst of events would otherwise cancel every read before it lands). */
export function oneAtATime(read: () => Promise<unknown>): () => void {
  let running = false;
  let again = false;
  const run = () => {
    running = true;
    void read().finally(() => {
      running = false;
      if (again) {
        again = false;
        run();
      }
    });
  };
  return () => {
    if (running) again = true;
    else run();
  };
}
