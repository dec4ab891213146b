import type { TFunction } from 'i18next';
import { HttpError } from '../http/http-error.ts';
import { isTransient } from '../http/bike-service.ts';

/**
 * Why an owner's action failed, in words: the service unreachable (the action's own text: nothing
 * changed, try again), or it refused (`used`: a 409, when the action has a text for it).
 */
export function failureText(t: TFunction, error: unknown, texts: { unreachable: string; used?: string }): string {
  if (isTransient(error)) return texts.unreachable;
  if (texts.used && error instanceof HttpError && error.status === 409) return texts.used;
  return t('owner-confirm.refused');
}
