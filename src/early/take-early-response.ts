// Requests the boot script (src/early-requests.ts) started before the app's code had loaded.

export type EarlyRequests = Record<string, Promise<Response> | undefined>;

declare global {
  interface Window {
    bikeInviteEarlyRequests?: EarlyRequests;
  }
}

/**
 * Called first as the app starts. When the boot script has not run yet (on a reload the cached
 * entry can run before it), this leaves it nothing to do: the app makes its own requests.
 */
export function claimEarlyRequests(): void {
  window.bikeInviteEarlyRequests ??= {};
}

/**
 * Takes the response the boot script started for this address, once; undefined when it did not
 * start one (then the caller makes the request itself).
 */
function takeEarlyResponse(key: string): Promise<Response> | undefined {
  const requests = typeof window === 'undefined' ? undefined : window.bikeInviteEarlyRequests;
  const pending = requests?.[key];
  if (requests && pending) delete requests[key];
  return pending;
}

/** The boot script's response for `key` if it started one and it arrived; otherwise `request()`. */
export async function earlyResponseOr(key: string, request: () => Promise<Response>): Promise<Response> {
  return (await takeEarlyResponse(key)?.catch(() => undefined)) ?? request();
}
