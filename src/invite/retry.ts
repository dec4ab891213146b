// A read or redeem without a definite answer (isTransient, invite-outcome.ts) is tried again
// RETRIES times, backing off; then the invitee is asked.

export const RETRIES = 3;
export const retryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 8000);
