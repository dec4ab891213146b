// The problem types the bike service answers with (`urn:bike-invite:problem:{slug}`, its `title`),
// listed once: docs/openapi.yaml states them (BikeProblemType), the reference service sends only
// these, and the app has words of its own for each (problem-text.ts).
export const BIKE_PROBLEM_TYPES = [
  'account-exists',
  'account-not-found',
  'account-required',
  'already-rider',
  'bad-url',
  'bike-not-found',
  'idempotency-key-reused',
  'invalid-access-until',
  'invalid-host',
  'invalid-invite-code',
  'invalid-request',
  'invalid_token',
  'invite-already-used',
  'invite-expired',
  'invite-not-found',
  'invite-revoked',
  'not-owner',
  'open-invite-limit',
  'origin-not-allowed',
  'own-invite',
  'rider-not-found',
  'rider-removed',
  'too-many-writes',
  'xsrf',
] as const;
export type BikeProblemType = (typeof BIKE_PROBLEM_TYPES)[number];

const PREFIX = 'urn:bike-invite:problem:';

/** The slug of a problem body's `type`, when it is one the contract defines. */
export function bikeProblemType(type: unknown): BikeProblemType | undefined {
  if (typeof type !== 'string' || !type.startsWith(PREFIX)) return undefined;
  const slug = type.slice(PREFIX.length);
  return (BIKE_PROBLEM_TYPES as readonly string[]).includes(slug) ? (slug as BikeProblemType) : undefined;
}

/** The header a create carries so that a repeat returns the same invite (IETF draft-ietf-httpapi-idempotency-key-header). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** A key's form: what the app sends (a UUID) and what the service accepts. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{16,64}$/;
