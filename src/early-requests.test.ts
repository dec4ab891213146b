import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CHOSEN_LANGUAGE_KEY,
  earlyCandidates,
  earlyLanguage,
  LANGUAGE_PARAM,
  LINK_LANGUAGE_KEY,
} from './early-requests.ts';
import {
  chooseLanguage,
  LANGUAGE_PARAM as APP_LANGUAGE_PARAM,
  languageCandidates,
  takeLinkLanguage,
} from './i18n/choose-language.ts';
import { storageKey } from './storage/web-storage.ts';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('earlyLanguage', () => {
  it.each([[['nl-NL']], [['de-AT', 'en']], [['fr', 'de']], [['fr']], [[]], [['EN_gb']], [[null, 7, 'de']]])(
    'picks what the app picks for %j',
    (preferred) => {
      expect(earlyLanguage(preferred)).toBe(chooseLanguage(preferred, ['nl', 'en', 'de']));
    },
  );

  it('reads the values under the names the app uses', () => {
    expect(CHOSEN_LANGUAGE_KEY).toBe(storageKey('language'));
    expect(LINK_LANGUAGE_KEY).toBe(storageKey('link_language'));
    expect(LANGUAGE_PARAM).toBe(APP_LANGUAGE_PARAM);
  });

  // Every combination of a remembered choice, the address's lang, the tab's earlier lang and the
  // browser's languages, valid and not: the boot script must ask for the file the app will use.
  const stored = [null, '"de"', '"xx"', 'not json'];
  const address = ['', '?lang=nl', '?lang=fr', '?lang=EN-gb&x=1'];
  const tab = [null, '"en"', '"zz"'];
  const browsers = [['nl-NL'], ['fr'], []];
  const cases = stored.flatMap((s) => address.flatMap((a) => tab.flatMap((t) => browsers.map((b) => [s, a, t, b]))));

  it.each(cases)('starts with the app’s language: stored %s, address %j, tab %s, browser %j', (s, a, t, b) => {
    if (s !== null) localStorage.setItem(CHOSEN_LANGUAGE_KEY, s as string);
    if (t !== null) sessionStorage.setItem(LINK_LANGUAGE_KEY, t as string);
    window.history.replaceState(null, '', `/my-account/invite/ABC${a as string}`);
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(b as string[]);

    const early = earlyLanguage(earlyCandidates()); // runs first, while the address still has lang
    takeLinkLanguage(window.location.href);
    expect(early).toBe(chooseLanguage(languageCandidates(), ['nl', 'en', 'de']));
  });
});
