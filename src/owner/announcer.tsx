import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const AnnounceContext = createContext<(message: string) => void>(() => undefined);

/** The owner's news in a status line kept until closed or replaced; one polite live region, its close button outside. */
export function Announcer({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [said, setSaid] = useState({ text: '', count: 0 });
  const announce = useCallback((text: string) => setSaid(({ count }) => ({ text, count: count + 1 })), []);
  const shown = said.text !== '';
  return (
    <AnnounceContext value={announce}>
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
  return useContext(AnnounceContext);
}
