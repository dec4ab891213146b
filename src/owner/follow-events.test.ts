import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError, NetworkError } from '../http/http-error.ts';
import { followEvents, oneAtATime, reconnectDelay, RECONNECT_MS } from './follow-events.ts';

/** A page whose visibility the test sets. */
function fakePage() {
  const target = new EventTarget();
  const page = {
    hidden: false,
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    show(hidden: boolean) {
      page.hidden = hidden;
      target.dispatchEvent(new Event('visibilitychange'));
    },
  };
  return page;
}

/** An event stream the test writes to and ends; aborting the request errors it, as fetch does. */
function stream(signal: AbortSignal) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  signal.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

type Opened = ReturnType<typeof stream> & { signal: AbortSignal };

function follow(answers: ((signal: AbortSignal) => Promise<Response>)[] = []) {
  const page = fakePage();
  const opened: Opened[] = [];
  const calls = { opens: 0, openings: 0, events: [] as string[], notOffered: 0 };
  const stop = followEvents({
    open: (signal) => {
      const answer = answers[calls.opens++];
      if (answer) return answer(signal);
      const made = { ...stream(signal), signal };
      opened.push(made);
      return Promise.resolve(made.response);
    },
    onOpen: () => calls.openings++,
    onEvent: (data) => calls.events.push(data),
    onNotOffered: () => calls.notOffered++,
    page,
    random: () => 1 - Number.EPSILON, // the longest wait of each step, so that the steps are known
  });
  return { page, opened, calls, stop };
}

const offline = () => Promise.reject(new NetworkError('offline', false));
const flush = () => vi.advanceTimersByTimeAsync(0);

afterEach(() => void vi.useRealTimers());

describe('followEvents', () => {
  it("gives each event's data, and after the stream ends connects again, reading what it missed", async () => {
    vi.useFakeTimers();
    const { opened, calls, stop } = follow();
    await flush();
    expect(calls.openings).toBe(1);
    opened[0]!.write('retry: 2000\n\n: keep-alive\n\ndata: {"type":"invite-accepted"}\n\n');
    await flush();
    expect(calls.events).toEqual(['{"type":"invite-accepted"}']);
    opened[0]!.end();
    await vi.advanceTimersByTimeAsync(3999); // the service's retry, doubled as the stream ended at once
    expect(calls.opens).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.opens).toBe(2);
    expect(calls.openings).toBe(2);
    stop();
    expect(opened[1]!.signal.aborted).toBe(true);
  });

  it('waits longer after each failure, up to the longest wait', async () => {
    vi.useFakeTimers();
    const { calls, stop } = follow(Array.from({ length: 8 }, () => offline));
    await flush();
    const times: number[] = [];
    for (let opens = 2; opens <= 7; opens++) {
      const before = Date.now();
      while (calls.opens < opens) await vi.advanceTimersByTimeAsync(100);
      times.push(Date.now() - before);
    }
    expect(times).toEqual([2000, 4000, 8000, 16_000, 30_000, 30_000]);
    stop();
  });

  it('spreads reconnections between half and all of each wait', () => {
    expect(reconnectDelay(0, undefined, () => 0)).toBe(RECONNECT_MS.first / 2);
    expect(reconnectDelay(10, 2000, () => 0)).toBe(RECONNECT_MS.longest / 2);
  });

  it('closes the stream while the page is hidden and opens it again when it is seen', async () => {
    vi.useFakeTimers();
    const { page, opened, calls, stop } = follow();
    await flush();
    page.show(true);
    expect(opened[0]!.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.opens).toBe(1); // nothing while hidden
    page.show(false);
    await flush();
    expect(calls.opens).toBe(2);
    expect(calls.openings).toBe(2);
    stop();
  });

  it('stops at a service without the channel, and at a session that has ended', async () => {
    vi.useFakeTimers();
    const missing = follow([() => Promise.reject(new HttpError(404, undefined))]);
    const signedOut = follow([() => Promise.reject(new HttpError(401, undefined))]);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(missing.calls).toMatchObject({ opens: 1, notOffered: 1 });
    expect(signedOut.calls).toMatchObject({ opens: 1, notOffered: 0 });
    missing.stop();
    signedOut.stop();
  });

  it('waits out a refusal for too many streams like a failure', async () => {
    vi.useFakeTimers();
    const { calls, stop } = follow([() => Promise.reject(new HttpError(429, undefined))]);
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls.opens).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.opens).toBe(2);
    stop();
  });
});

describe('oneAtATime', () => {
  it('reads once for a burst of calls while a read is on its way, then once more after it', async () => {
    const reads: (() => void)[] = [];
    const read = () => new Promise<void>((done) => reads.push(done));
    const readAgain = oneAtATime(read);
    readAgain();
    for (let event = 0; event < 5; event++) readAgain();
    expect(reads).toHaveLength(1); // the first is not cancelled by the next: it lands
    reads[0]!();
    await vi.waitFor(() => expect(reads).toHaveLength(2)); // one more, for what came meanwhile
    reads[1]!();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reads).toHaveLength(2);
    readAgain();
    expect(reads).toHaveLength(3);
  });
});
