import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while React hydrates a page the server rendered (and on the server itself), true from the
 * render right after, and always true in a page rendered in the browser alone. What the server
 * cannot know — web storage, the device — waits for it, so hydration sees exactly the server's
 * HTML and React re-renders with the browser's state at once (docs/server-rendering.md).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
