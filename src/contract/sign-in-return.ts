/** The address's `code`, `state` and `error` as the page loaded (docs/behaviour/sign-in-and-session.md#signing-in). */
export type SignInReturnParams = { code: string | null; state: string | null; error: string | null };

export function readSignInReturnParams(search: string): SignInReturnParams {
  const params = new URLSearchParams(search);
  return { code: params.get('code'), state: params.get('state'), error: params.get('error') };
}

/** A return from the identity service: a code to exchange, or its refusal (docs/behaviour/sign-in-and-session.md#signing-in). */
export function isSignInReturn({ code, state, error }: SignInReturnParams): boolean {
  return code !== null || (state !== null && error !== null);
}
