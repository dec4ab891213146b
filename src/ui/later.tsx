import { Suspense, type ReactNode } from 'react';
import { useServerPage } from './use-hydrated.ts';

/** Throws its part's turn while it waits (Suspense keeps the server's HTML meanwhile). */
function Turned({ part, children }: { part: string; children: ReactNode }) {
  const turn = useServerPage().stages.turnOf(part);
  if (turn) throw turn;
  return children;
}

/** A part of the server's page hydrated in a task of its own (stagedHydration); `children` render one element. */
export function Later({ part, children }: { part: string; children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Turned part={part}>{children}</Turned>
    </Suspense>
  );
}
