import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const AnnounceContext = createContext<(message: string) => void>(() => undefined);

/**
 * What changed after an owner's action ("Invite withdrawn"), shown in a status line at the foot of
 * the screen until the owner closes it or the next news replaces it, and said once by one polite
 * live region that is in the page from the start. The close button is outside the region, so it is
 * not read with the news.
 */
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
