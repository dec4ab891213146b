import { useSyncExternalStore } from 'react';

// The clock the owner's lists count from ("expires in 3 days"), moved on every minute while shown.

const TICK_MS = 60_000;
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function tick(): void {
  now = Date.now();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    timer = setInterval(tick, TICK_MS);
    // The page may have been left open a while with nothing to show it. Told, not only set: Preact
    // reads the clock before it subscribes, not after.
    tick();
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) clearInterval(timer);
  };
}

/** The current time in milliseconds, the same for every component in a render. */
export function useNow(): number {
  return useSyncExternalStore(
    subscribe,
    () => now,
    () => now,
  );
}
