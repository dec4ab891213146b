import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageOf, languageRow, type Language } from '../contract/languages.ts';
import { rememberLanguage } from './choose-language.ts';
import { loadLanguage } from './setup-i18n.ts';
import { useHydrated } from '../ui/use-hydrated.ts';

/** The header's native language select: loads the other texts first, remembers the choice; nothing for one language. */
export function LanguageSwitcher({ offered }: { offered: readonly Language[] }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [pending, setPending] = useState<Language>();
  const [failed, setFailed] = useState(false);
  const latest = useRef<Language>(undefined);
  const hydrated = useHydrated();
  if (offered.length < 2) return null;
  const current = languageOf(i18n.resolvedLanguage ?? i18n.language) ?? offered[0]!;

  async function choose(language: Language): Promise<void> {
    latest.current = language;
    setPending(language);
    setFailed(false);
    const loaded = await loadLanguage(i18n, language);
    if (latest.current !== language) return; // a later choice overtook this one
    if (loaded) {
      rememberLanguage(language);
      await i18n.changeLanguage(language);
    } else {
      setFailed(true);
    }
    setPending(undefined);
  }

  return (
    <>
      <div className="language-switcher">
        <svg className="language-switcher__globe" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" />
        </svg>
        {/* Named by aria-label, not a visually hidden label: that label was read out as text too. */}
        <select
          id={id}
          className="language-switcher__select"
          aria-label={t('app-header.language.label')}
          value={pending ?? current}
          disabled={!hydrated} // a choice made before the app runs would change nothing
          aria-describedby={failed ? `${id}-failed` : undefined}
          onChange={(event) => void choose(event.target.value as Language)}
        >
          {offered.map((language) => (
            <option key={language} value={language} lang={language}>
              {/* Named in itself, whatever the page's language: the table's name, not a text (decision 0014). */}
              {languageRow(language).name}
            </option>
          ))}
        </select>
      </div>
      {failed && (
        <p id={`${id}-failed`} className="language-switcher__failed" role="alert">
          {t('app-header.language.failed')}
        </p>
      )}
    </>
  );
}
