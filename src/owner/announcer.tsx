import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';

const AnnounceContext = createContext<(message: string) => void>(() => undefined);

/** The owner's home's one polite live region, in the page from the start so screen readers know it. */
export function Announcer({ children }: { children: ReactNode }) {
  const [said, setSaid] = useState({ text: '', count: 0 });
  const announce = useCallback((text: string) => setSaid(({ count }) => ({ text, count: count + 1 })), []);
  return (
    <AnnounceContext value={announce}>
      {children}
      <p className="visually-hidden" role="status">
        {/* A new text node each time: the same words twice in a row are still said twice. */}
        <span key={said.count}>{said.text}</span>
      </p>
    </AnnounceContext>
  );
}

export function useAnnounce(): (message: string) => void {
  return useContext(AnnounceContext);
}
