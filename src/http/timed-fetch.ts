import { NetworkError } from './http-error.ts';

export const DEFAULT_TIMEOUT_MS = 15_000;

/** The Accept header of the app's calls (and of the page script's reads for it). */
export const DEFAULT_ACCEPT = 'application/json, text/plain, */*';

/** fetch with a time-out (on the body too, unless `headersOnly`); every failure to get an answer becomes a NetworkError. */
export async function timedFetch(
  input: string | URL,
  init: RequestInit = {},
  timeoutMs = DEFAULT_TIMEOUT_MS,
  fetchFn: typeof fetch = fetch,
  headersOnly = false,
): Promise<Response> {
  // A stream's time-out is a timer stopped once the headers are in; AbortSignal.timeout cannot be stopped.
  const stoppable = headersOnly ? new AbortController() : undefined;
  const timer =
    stoppable && setTimeout(() => stoppable.abort(new DOMException('timed out', 'TimeoutError')), timeoutMs);
  const timeout = stoppable?.signal ?? AbortSignal.timeout(timeoutMs);
  const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
  try {
    return await fetchFn(input, { ...init, signal });
  } catch (error) {
    if (init.signal?.aborted) throw error; // the caller cancelled: not a network failure
    throw new NetworkError((error as Error).message, timeout.aborted);
  } finally {
    clearTimeout(timer);
  }
}
