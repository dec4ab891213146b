import { startTransition, useEffect, useState } from 'react';
import { showsServerPage } from '../ui/use-hydrated.ts';
import { useSignInReturnParams } from './sign-in-return-context.tsx';
import { isSignInReturn } from '../contract/sign-in-return.ts';
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
const ANONYMOUS: SessionSnapshot = { status: 'anonymous', user: undefined };
const CHECKING: SessionSnapshot = { status: 'checking', user: undefined };

let snapshot: SessionSnapshot = ANONYMOUS;
const listeners = new Set<() => void>();

export function sessionSnapshot(): SessionSnapshot {
  return snapshot;
}

export function setSession(next: SessionSnapshot): void {
  if (next.status === snapshot.status && next.user === snapshot.user) return;
  snapshot = next.user ? next : next.status === 'anonymous' ? ANONYMOUS : next.status === 'checking' ? CHECKING : next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The session as the page shows it, its changes rendered as a transition: useSyncExternalStore
 * rendered a sign-in's arrival as one long task (decision 0033). A sign-out is not: no button may
 * stay live after Log out. A part mounted while the server's page is shown starts as it rendered.
 */
export function useSessionSnapshot(): SessionSnapshot {
  const signingIn = isSignInReturn(useSignInReturnParams());
  const [shown, show] = useState(() => (showsServerPage() ? (signingIn ? CHECKING : ANONYMOUS) : snapshot));
  useEffect(() => {
    const follow = () => (snapshot.status === 'anonymous' ? show(snapshot) : startTransition(() => show(snapshot)));
    follow();
    return subscribe(follow);
  }, []);
  return shown;
}
