import type { i18n as I18n } from 'i18next';
import { languageOf, languageRow, type Language } from '../contract/languages.ts';
import { loadLanguage } from '../i18n/setup-i18n.ts';

/** <html lang dir> from the language table; only a change: the same value written again would
 * still have the page's style checked again. */
function setPageLanguage(language: string): void {
  const root = document.documentElement;
  if (root.lang !== language) root.setAttribute('lang', language);
  const known = languageOf(language);
  const dir = known ? languageRow(known).dir : undefined;
  if (dir && root.dir !== dir) root.setAttribute('dir', dir);
}

/** Keeps <html lang dir> on the texts' language; with `chosen`, changes to it once its texts are in. */
export function followLanguage(i18n: I18n, chosen?: Language): void {
  setPageLanguage(i18n.resolvedLanguage ?? i18n.language);
  i18n.on('languageChanged', setPageLanguage);
  if (chosen && chosen !== i18n.language)
    void loadLanguage(i18n, chosen).then((ok) => (ok ? i18n.changeLanguage(chosen) : undefined));
}
