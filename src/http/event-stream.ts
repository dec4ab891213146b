import { createParser } from 'eventsource-parser';

/** The most one event may hold before the stream is given up as broken: a service's events are small. */
const MAX_EVENT_CHARS = 64 * 1024;

/**
 * Reads a server-sent events answer (opened with `HttpClient.open`) until it ends, giving each
 * event's data to `onData`; returns the wait the service asked for before connecting again, if any.
 * Aborting the request's signal ends it with the abort's error.
 */
export async function readEvents(response: Response, onData: (data: string) => void): Promise<number | undefined> {
  let retry: number | undefined;
  let broken = false;
  const parser = createParser({
    onEvent: (event) => onData(event.data),
    onRetry: (ms) => (retry = ms),
    onError: () => (broken = true),
    maxBufferSize: MAX_EVENT_CHARS,
  });
  const body = response.body;
  if (!body) return retry;
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    while (!broken) {
      const { value, done } = await reader.read();
      if (done) break;
      parser.feed(value);
    }
  } finally {
    if (broken) void reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
  return retry;
}
