/** The sign-in return parameters the app reads on load (docs/behaviour/sign-in-and-session.md#signing-in). */
export type StartupParams = { code: string | null; state: string | null; error: string | null };

export function readStartupParams(search: string): StartupParams {
  const params = new URLSearchParams(search);
  return { code: params.get('code'), state: params.get('state'), error: params.get('error') };
}
