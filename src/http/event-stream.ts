import { createParser } from 'eventsource-parser';

const MAX_EVENT_CHARS = 64 * 1024;

/** Reads a server-sent events answer until it ends, each event's data to `onData`; returns the service's `retry`, if any. */
export async function readEvents(response: Response, onData: (data: string) => void): Promise<number | undefined> {
  const state: { retry?: number; broken: boolean } = { broken: false };
  const parser = createParser({
    onEvent: (event) => onData(event.data),
    onRetry: (ms) => (state.retry = ms),
    onError: () => (state.broken = true),
    maxBufferSize: MAX_EVENT_CHARS,
  });
  const body = response.body;
  if (!body) return state.retry;
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    parser.feed(value);
    if (state.broken) {
      await reader.cancel().catch(() => undefined);
      break;
    }
  }
  return state.retry;
}
