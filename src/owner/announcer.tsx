import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Announce = { announce: (message: string) => void; retract: (message: string) => void };
const AnnounceContext = createContext<Announce>({ announce: () => undefined, retract: () => undefined });

/** The owner's news in a status line kept until closed or replaced; one polite live region, its close button outside. */
export function Announcer({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [said, setSaid] = useState({ text: '', count: 0 });
  const announce = useCallback((text: string) => setSaid(({ count }) => ({ text, count: count + 1 })), []);
  const retract = useCallback((text: string) => setSaid((now) => (now.text === text ? { ...now, text: '' } : now)), []);
  const value = useMemo(() => ({ announce, retract }), [announce, retract]);
  const shown = said.text !== '';
  return (
    <AnnounceContext value={value}>
      {children}
      <div className={`owner-status${shown ? ' owner-status--shown' : ''}`}>
        <p className="owner-status__text" role="status">
          {/* A new text node each time: the same words twice in a row are still said twice. */}
          <span key={said.count}>{said.text}</span>
        </p>
        {shown ? (
          <button
            type="button"
            className="owner-status__close"
            aria-label={t('owner-home.status.close')}
            onClick={() => setSaid(({ count }) => ({ text: '', count }))}
          >
            <span aria-hidden="true">×</span>
          </button>
        ) : null}
      </div>
    </AnnounceContext>
  );
}

export function useAnnounce(): (message: string) => void {
  return useContext(AnnounceContext).announce;
}

/** Takes `message` off the status line if it is still there (news a failure has made untrue). */
export function useRetract(): (message: string) => void {
  return useContext(AnnounceContext).retract;
}
