import { classifyInviteError } from './invite-failure.ts';

// Transient failures (no answer, a time-out, a 5xx) of loading and redeeming are retried.

export const isTransient = (error: unknown) => classifyInviteError(error) === 'unreachable';

/** Back-off for transient failures: 1 s, 2 s, 4 s, then the invitee is asked. */
export const RETRIES = 3;
export const retryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 8000);
