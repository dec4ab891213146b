import { createContext, useContext, type ReactNode } from 'react';
import type { SignInReturnParams } from '../contract/sign-in-return.ts';

const SignInReturnContext = createContext<SignInReturnParams>({ code: null, state: null, error: null });

/** The address's `code`, `state` and `error` as they were when the app loaded. */
export function SignInReturnProvider({ params, children }: { params: SignInReturnParams; children: ReactNode }) {
  return <SignInReturnContext value={params}>{children}</SignInReturnContext>;
}

export function useSignInReturnParams(): SignInReturnParams {
  return useContext(SignInReturnContext);
}
