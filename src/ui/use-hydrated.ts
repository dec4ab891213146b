import { createContext, startTransition, useContext, useEffect, useState } from 'react';
import { yieldToMain } from './yield-to-main.ts';

// Whether the page shows what only the browser knows (storage, the device) yet: not on the server,
// nor while the browser hydrates the server's HTML; from the render right after (docs/server-rendering.md).

/** A `Later` part (later.tsx) hydrates in a task of its own, in turn; nothing the page shows changes until
 * all have, so each hydrates what the server rendered (decision 0053: Preact hydrates in one task). */
export type StagedHydration = {
  /** A part's turn: a promise while it waits for it, none once it has come (or when not hydrating). */
  turnOf(part: string): Promise<void> | undefined;
  /** Runs `run` once every part that asked for a turn has hydrated: at once when none waits; returns its cancel. */
  afterSettled(run: () => void): () => void;
};

/** The stages of one app's hydration; none where the app does not hydrate (the server, a browser-rendered page). */
export function stagedHydration(hydrating: boolean): StagedHydration {
  const turns = new Map<string, { promise: Promise<void>; settled: boolean }>();
  let last: Promise<void> = Promise.resolve();
  let done = !hydrating;
  let settling: Promise<void> | undefined;
  const settle = async () => {
    // Asked after the first commit; a part resumed in its turn may ask for more.
    for (let seen: Promise<void> | undefined; seen !== last;) {
      seen = last;
      await seen;
      await yieldToMain();
    }
    done = true;
  };
  return {
    turnOf(part) {
      if (done) return undefined;
      let turn = turns.get(part);
      if (!turn) {
        const promise = last.then(yieldToMain).then(() => void (turns.get(part)!.settled = true));
        turn = { promise, settled: false };
        turns.set(part, turn);
        last = promise;
      }
      return turn.settled ? undefined : turn.promise;
    },
    afterSettled(run) {
      if (done) {
        run();
        return () => undefined;
      }
      let live = true;
      void (settling ??= settle()).then(() => live && run());
      return () => void (live = false);
    },
  };
}

/**
 * Whether the page shown is the one the server rendered: on the server, and in the browser from
 * hydration until the router first shows another page (the app's, createApp). Parts mounted
 * meanwhile start as the server rendered it, whichever stage of hydration mounts them.
 */
export type ServerPage = { shown: boolean; stages: StagedHydration };

const ServerPageContext = createContext<ServerPage>({
  shown: typeof document === 'undefined',
  stages: stagedHydration(false),
});

export const ServerPageProvider = ServerPageContext.Provider;

/** The app's ServerPage: read `shown` as a part mounts. */
export const useServerPage = (): ServerPage => useContext(ServerPageContext);

/** False on the server and while hydrating, true once every part has hydrated, in a task of its own. */
export function useHydrated(): boolean {
  const serverPage = useServerPage();
  const [hydrated, setHydrated] = useState(() => !serverPage.shown);
  useEffect(() => {
    if (!hydrated) return serverPage.stages.afterSettled(() => startTransition(() => setHydrated(true)));
  }, [hydrated, serverPage]);
  return hydrated;
}
