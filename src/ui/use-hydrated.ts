import { startTransition, useEffect, useState } from 'react';

// Whether the page shows what only the browser knows (storage, the device) yet: not on the server,
// nor while the browser hydrates the server's HTML; from the render right after (docs/server-rendering.md).

/** Whether parts shown now start as the server rendered them: on the server (it runs no effect), and while hydrating. */
let hydrating = typeof document === 'undefined';
/** Says the app is about to hydrate the server's HTML (src/app/boot.ts). */
export function startHydration(): void {
  hydrating = true;
}

/**
 * False on the server and while hydrating, true from the next render on. That render is a
 * transition (time-sliced, as hydration is: no long task on a slow phone).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => !hydrating);
  useEffect(() => {
    if (hydrated) return;
    hydrating = false; // parts shown from now on start hydrated
    startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
