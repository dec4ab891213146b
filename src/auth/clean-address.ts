// Parameters the identity service adds on its way back; they are never part of an app address.
const RETURN_PARAMS = ['code', 'state', 'error', 'error_description', 'error_uri', 'iss', 'session_state'];

/** The address without the sign-in return parameters (docs/behaviour/sign-in-and-session.md#signing-in). */
export function cleanAddress(href: string): string {
  const url = new URL(href);
  for (const name of RETURN_PARAMS) url.searchParams.delete(name);
  url.hash = '';
  return url.toString();
}

export function withError(href: string, error: string): string {
  const url = new URL(cleanAddress(href));
  url.searchParams.set('error', error);
  return url.toString();
}
