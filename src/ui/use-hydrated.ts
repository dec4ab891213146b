import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False on the server and while hydrating, true from the next render on. What only the browser
 * knows (storage, the device) waits for it (docs/server-rendering.md).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
