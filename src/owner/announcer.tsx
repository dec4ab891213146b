import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';

const AnnounceContext = createContext<(message: string) => void>(() => undefined);

/**
 * One polite live region for the owner's home: what changed after an action ("Invite withdrawn"),
 * said once. It is in the page from the start, so screen readers know it before it speaks.
 */
export function Announcer({ children }: { children: ReactNode }) {
  const [said, setSaid] = useState({ text: '', count: 0 });
  const announce = useCallback((text: string) => setSaid(({ count }) => ({ text, count: count + 1 })), []);
  return (
    <AnnounceContext value={announce}>
      {children}
      <p className="visually-hidden" role="status">
        {/* The same words twice in a row must still be a change to be said again. */}
        {said.count % 2 ? said.text : `${said.text}\u00a0`}
      </p>
    </AnnounceContext>
  );
}

export function useAnnounce(): (message: string) => void {
  return useContext(AnnounceContext);
}
