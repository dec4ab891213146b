import type { TFunction } from 'i18next';
import { isLimited, isTransient } from '../http/bike-service.ts';
import { HttpError } from '../http/http-error.ts';

const tooFast = (t: TFunction) => t('owner-confirm.too-fast');

/** Why an owner's action failed, in words: too many changes (429), the service unreachable, or it refused (`used`: a 409). */
export function failureText(t: TFunction, error: unknown, texts: { unreachable: string; used?: string }): string {
  if (isLimited(error)) return tooFast(t);
  if (isTransient(error)) return texts.unreachable;
  if (texts.used && error instanceof HttpError && error.status === 409) return texts.used;
  return t('owner-confirm.refused');
}

/** Why an invite was not created: the bike's open invites at their limit, too many in a minute, or not reached. */
export function createFailureText(t: TFunction, error: unknown): string {
  if (error instanceof HttpError && error.status === 409 && typeof error.body?.limit === 'number') {
    return t('owner-invite.open-limit', { count: error.body.limit });
  }
  return isLimited(error) ? tooFast(t) : t('owner-invite.failed');
}
