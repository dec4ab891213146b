import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { isSignInReturn } from '../contract/sign-in-return.ts';
import { useServerPage } from '../ui/use-hydrated.ts';
import { ANONYMOUS, CHECKING, type SessionSnapshot } from './session-store.ts';
import type { Session } from './session.ts';
import { useSignInReturnParams } from './sign-in-return-context.tsx';

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ session, children }: { session: Session; children: ReactNode }) {
  return <SessionContext value={session}>{children}</SessionContext>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}

/**
 * The session as the page shows it, followed from an effect (decision 0033). A part mounted while the
 * server's page is shown starts as it rendered.
 */
export function useSessionSnapshot(): SessionSnapshot {
  const { store } = useSession();
  const serverPage = useServerPage();
  const signingIn = isSignInReturn(useSignInReturnParams());
  const [shown, show] = useState(() => (serverPage.shown ? (signingIn ? CHECKING : ANONYMOUS) : store.snapshot()));
  useEffect(() => {
    // Followed once every part of the server's page has hydrated (stagedHydration).
    let unsubscribe: (() => void) | undefined;
    const cancel = serverPage.stages.afterSettled(() => {
      const follow = () => show(store.snapshot());
      follow();
      unsubscribe = store.subscribe(follow);
    });
    return () => {
      cancel();
      unsubscribe?.();
    };
  }, [store, serverPage]);
  return shown;
}
