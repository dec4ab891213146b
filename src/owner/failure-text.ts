import type { TFunction } from 'i18next';
import { HttpError } from '../http/http-error.ts';
import { isTransient } from './owner-service.ts';

/** Why an owner's action failed, in words: the service unreachable, or it refused (`used`: a 409). */
export function failureText(t: TFunction, error: unknown, texts: { unreachable: string; used?: string }): string {
  if (isTransient(error)) return texts.unreachable;
  if (texts.used && error instanceof HttpError && error.status === 409) return texts.used;
  return t('owner-confirm.refused');
}
