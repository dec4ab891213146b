/** The sign-in return parameters the app reads on load (docs/behaviour/sign-in-and-session.md#signing-in). */
export type StartupParams = { code: string | null; state: string | null; error: string | null };

export function readStartupParams(search: string): StartupParams {
  const params = new URLSearchParams(search);
  return { code: params.get('code'), state: params.get('state'), error: params.get('error') };
}

/** A return from the identity service: a code to exchange, or its refusal (docs/behaviour/sign-in-and-session.md#signing-in). */
export function isSignInReturn({ code, state, error }: StartupParams): boolean {
  return code !== null || (state !== null && error !== null);
}
