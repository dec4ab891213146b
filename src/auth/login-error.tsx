import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { recordField } from '../field/record.ts';
import { Alert } from '../ui/alert.tsx';
import { useSignInReturnParams } from './sign-in-return-context.tsx';

// Only these `error` values are shown as they are (each is a text key); anything else gets a generic message.
const KNOWN_ERRORS = ['login.failed'] as const;
const isKnownError = (error: string): error is (typeof KNOWN_ERRORS)[number] =>
  (KNOWN_ERRORS as readonly string[]).includes(error);

/** The address's `error` after a failed login, in an alert, wherever a login can start (docs/behaviour/login-page.md). */
export function LoginError() {
  const { t } = useTranslation();
  const { error } = useSignInReturnParams();
  useEffect(() => {
    if (error) recordField('failed_sign_in');
  }, [error]);
  if (!error) return null;
  return <Alert>{isKnownError(error) ? t(error) : t('common.error.unknown')}</Alert>;
}
