import type { GenericSchema, InferOutput } from 'valibot';
import type { HttpClient, RequestOptions } from './http-client.ts';
import { HttpError, MalformedAnswer } from './http-error.ts';

// The one client of the bike service: answers read with their schema, one isTransient, named retry policies (decision 0041).

/** Statuses that answer the request; anything else (no answer, a time-out, a 5xx, a limit, a malformed answer) may pass. */
const DEFINITE = [400, 403, 404, 409, 410];

export function isTransient(error: unknown): boolean {
  return !(error instanceof HttpError) || !DEFINITE.includes(error.status);
}

/** The service answered, if not as asked (a failure of its own, not of the person's connection). */
export const answered = (error: unknown): boolean => error instanceof HttpError || error instanceof MalformedAnswer;

/** The service's limit was reached (429): the person is told to wait. */
export const isLimited = (error: unknown): error is HttpError => error instanceof HttpError && error.status === 429;

type RetryPolicy = { times: number; delay: (attempt: number) => number };

/** The invitee's read and redeem back off three times; the owner's lists try once more, a second later. */
export const RETRY_POLICIES = {
  invite: { times: 3, delay: (attempt) => Math.min(1000 * 2 ** attempt, 8000) },
  list: { times: 1, delay: () => 1000 },
} satisfies Record<string, RetryPolicy>;

export const retrying = (policy: RetryPolicy) => ({
  retry: (failures: number, error: unknown) => isTransient(error) && failures < policy.times,
  retryDelay: policy.delay,
});

/** `run` with `policy`'s retries, for the invitee's read and redeem (the router's loaders do not retry);
 * the same counting and delays as `retrying` gives the owner's queries. */
export async function withRetries<T>(policy: RetryPolicy, run: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  for (let failures = 0; ; failures++) {
    try {
      return await run();
    } catch (error) {
      if (!isTransient(error) || failures >= policy.times || signal?.aborted) throw error;
      await new Promise((resolve) => setTimeout(resolve, policy.delay(failures)));
    }
  }
}

/** The answers' reader, in a chunk with the schemas and valibot: loaded ahead where an answer must be read at once. */
export const loadAnswerReader = () => import('./read-answer.ts');

/**
 * One call to the bike service, its answer read with `schema` (none for an empty answer). The reading
 * code, and a schema given as a promise, load while the request is under way: not on the first route.
 */
export async function bikeCall<T extends GenericSchema>(
  http: HttpClient,
  url: string,
  schema: T | Promise<T>,
  options: RequestOptions = {},
): Promise<InferOutput<T>> {
  const reading = Promise.all([loadAnswerReader(), schema]);
  reading.catch(() => undefined); // the request's failure comes first
  const body = await http.request<unknown>(url, options);
  const [{ readAnswer }, loaded] = await reading;
  return readAnswer(loaded, body);
}
