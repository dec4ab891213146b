import type { User } from './token-store.ts';

/**
 * `checking`: a token is stored and the user is being fetched or the token refreshed; screens that
 * depend on it wait (docs/behaviour/sign-in-and-session.md#start-up).
 */
export type AuthStatus = 'anonymous' | 'checking' | 'authenticated';
export type SessionSnapshot = { status: AuthStatus; user: User | undefined };

// The server cannot see the stored session: it renders, and the page hydrates, as anonymous, or as
// checking on a return from the identity service; the page then follows the browser's own snapshot.
// An anonymous visit's snapshot is the very object the server's is, so that React sees no change
// there and does not render the page again.
export const ANONYMOUS: SessionSnapshot = { status: 'anonymous', user: undefined };
export const CHECKING: SessionSnapshot = { status: 'checking', user: undefined };

/** The session's state, one per session (createSession), which the page follows (useSessionSnapshot). */
export type SessionStore = {
  snapshot(): SessionSnapshot;
  set(next: SessionSnapshot): void;
  subscribe(listener: () => void): () => void;
};

export function createSessionStore(): SessionStore {
  let snapshot = ANONYMOUS;
  const listeners = new Set<() => void>();
  return {
    snapshot: () => snapshot,
    set(next) {
      if (next.status === snapshot.status && next.user === snapshot.user) return;
      snapshot = next.user
        ? next
        : next.status === 'anonymous'
          ? ANONYMOUS
          : next.status === 'checking'
            ? CHECKING
            : next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
