import { createContext, startTransition, useContext, useEffect, useState } from 'react';

// Whether the page shows what only the browser knows (storage, the device) yet: not on the server,
// nor while the browser hydrates the server's HTML; from the render right after (docs/server-rendering.md).

/**
 * Whether the page shown is the one the server rendered: on the server, and in the browser from
 * hydration until the router first shows another page (the app's, createApp). Parts mounted
 * meanwhile start as the server rendered it, whichever pass of hydration mounts them: React
 * hydrates a Suspense boundary after the shell around it, whose effects have run by then.
 */
export type ServerPage = { shown: boolean };

const ServerPageContext = createContext<ServerPage>({ shown: typeof document === 'undefined' });

export const ServerPageProvider = ServerPageContext.Provider;

/** The app's ServerPage: read `shown` as a part mounts. */
export const useServerPage = (): ServerPage => useContext(ServerPageContext);

/** False on the server and while hydrating, true from the next render on, in a task of its own. */
export function useHydrated(): boolean {
  const serverPage = useServerPage();
  const [hydrated, setHydrated] = useState(() => !serverPage.shown);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
