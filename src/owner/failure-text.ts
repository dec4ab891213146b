import type { TFunction } from 'i18next';
import { HttpError, MalformedAnswer, NetworkError } from '../http/http-error.ts';
import { answered, isLimited } from '../http/bike-service.ts';
import { problemText } from '../i18n/problem-text.ts';

/** The action's answer was lost and what it did could not be read either: the owner is told so. */
export class OutcomeUnknown extends Error {
  constructor(cause: unknown) {
    super('the answer was lost, and the state could not be read', { cause });
    this.name = 'OutcomeUnknown';
  }
}

/** What the action was for was done meanwhile by someone else (an invite accepted before its withdrawal). */
export class DoneMeanwhile extends Error {
  constructor() {
    super('done meanwhile by someone else');
    this.name = 'DoneMeanwhile';
  }
}

const tooFast = (t: TFunction) => t('owner-confirm.too-fast');

const failedAtService = (error: unknown): boolean =>
  error instanceof MalformedAnswer || (error instanceof HttpError && error.status >= 500);

/** Why a list was not read: the service's failure when it answered at all, else the connection (`unreachable`). */
export function readFailureText(t: TFunction, error: unknown, unreachable: string, stale = false): string {
  return answered(error) ? t(stale ? 'owner-error.read-stale' : 'owner-error.read-failed') : unreachable;
}

/** Why an owner's action failed: too many changes (429), unreachable (the action's text), failed (5xx), or refused (`used`, else the problem's words). */
export function failureText(
  t: TFunction,
  error: unknown,
  texts: { unreachable: string; used?: string; unknown?: string },
): string {
  if (isLimited(error)) return tooFast(t);
  if (error instanceof OutcomeUnknown) return texts.unknown ?? texts.unreachable;
  if (error instanceof DoneMeanwhile) return texts.used ?? t('owner-confirm.refused');
  if (failedAtService(error)) return t('owner-error.failed');
  if (error instanceof NetworkError || !(error instanceof HttpError)) return texts.unreachable;
  if (texts.used && error.status === 409) return texts.used;
  return problemText(t, error.body?.type) ?? t('owner-confirm.refused');
}

/** Why an invite was not created: the bike's open invites at their limit, too many in a minute, or not reached. */
export function createFailureText(t: TFunction, error: unknown): string {
  if (error instanceof HttpError && error.status === 409 && typeof error.body?.limit === 'number') {
    return t('owner-invite.open-limit', { count: error.body.limit });
  }
  return failureText(t, error, { unreachable: t('owner-invite.failed') });
}
