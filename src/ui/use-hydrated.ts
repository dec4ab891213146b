import { startTransition, useEffect, useState } from 'react';

// Whether the page shows what only the browser knows (storage, the device) yet: not on the server,
// nor while the browser hydrates the server's HTML; from the render right after (docs/server-rendering.md).

/**
 * Whether the page shown is the one the server rendered: on the server, and in the browser from
 * startHydration until the router first shows another page. Parts mounted meanwhile start as the
 * server rendered them, whichever pass of hydration mounts them: React hydrates a Suspense boundary
 * after the shell around it, whose effects have run by then.
 */
let serverPage = typeof document === 'undefined';
/** Says the app is about to hydrate the server's HTML (src/app/boot.ts). */
export function startHydration(): void {
  serverPage = true;
}
/** Says the browser shows another page than the server rendered: parts mounted from now on start hydrated. */
export function leaveServerPage(): void {
  serverPage = false;
}

/** Whether a part mounted now starts as the server rendered it (see serverPage). */
export function showsServerPage(): boolean {
  return serverPage;
}

/**
 * False on the server and while hydrating, true from the next render on. That render is a
 * transition (time-sliced, as hydration is: no long task on a slow phone).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => !showsServerPage());
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
