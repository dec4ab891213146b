import { describe, expect, it, vi } from 'vitest';
import { readStored, writeStored } from '../storage/web-storage.ts';
import { chooseLanguage, SUPPORTED_LANGUAGES, type Language } from '../contract/languages.ts';
import { keptLanguage, languageCandidates, rememberLanguage, takeLinkLanguage } from './choose-language.ts';

const all = SUPPORTED_LANGUAGES;

const browser = (languages: string[]) => vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);

/** What start-up does: take the address's lang, then choose. */
function startLanguage(href: string, offered: readonly Language[] = all, brandDefault?: Language) {
  takeLinkLanguage(href);
  return chooseLanguage(languageCandidates(), offered, brandDefault);
}

describe('the start-up order: switcher choice, then the link’s lang, then the browser', () => {
  it('a choice made with the switcher beats the link’s lang and the browser', () => {
    browser(['nl-NL']);
    rememberLanguage('en');
    expect(startLanguage('https://app.test/my-account/invite/ABC?lang=de')).toBe('en');
  });

  it('the link’s lang beats the browser', () => {
    browser(['nl-NL', 'en']);
    expect(startLanguage('https://app.test/my-account/invite/ABC?lang=de')).toBe('de');
    expect(startLanguage('https://app.test/my-account/invite/ABC?lang=EN-gb')).toBe('en');
  });

  it('the browser decides when there is neither', () => {
    browser(['de-CH', 'en']);
    expect(startLanguage('https://app.test/my-account/invite/ABC')).toBe('de');
  });

  it('ignores a lang the app does not have, or that is no language', () => {
    browser(['nl']);
    for (const lang of ['zz', 'xx-yy', '', '<script>', 'deutsch'])
      expect(startLanguage(`https://app.test/my-account/invite/ABC?lang=${encodeURIComponent(lang)}`), lang).toBe('nl');
  });

  it('ignores a lang, or a remembered choice, the brand does not offer', () => {
    browser(['nl']);
    expect(startLanguage('https://app.test/my-account/invite/ABC?lang=de', ['nl', 'en'])).toBe('nl');
    sessionStorage.clear();
    rememberLanguage('de');
    expect(startLanguage('https://app.test/my-account/invite/ABC?lang=en', ['nl', 'en'])).toBe('en');
  });

  it('the brand’s default when the browser names no language the brand offers, before English', () => {
    browser(['de-DE', 'en']);
    expect(startLanguage('https://app.test/my-account/invite/ABC', ['sv', 'en'], 'sv')).toBe('en');
    browser(['de-DE']);
    expect(startLanguage('https://app.test/my-account/invite/ABC', ['sv', 'en'], 'sv')).toBe('sv');
    expect(startLanguage('https://app.test/my-account/invite/ABC?lang=en', ['sv', 'en'], 'sv')).toBe('en');
  });

  it('ignores a remembered value that is not a language', () => {
    browser(['de']);
    writeStored('language', 'klingon');
    expect(startLanguage('https://app.test/my-account/')).toBe('de');
  });

  it('keeps the link’s lang for the rest of the visit in this tab, e.g. back from signing in', () => {
    browser(['nl']);
    expect(startLanguage('https://app.test/my-account/invite/ABC?lang=de')).toBe('de');
    expect(startLanguage('https://app.test/my-account/invite/ABC?code=c&state=s')).toBe('de');
    expect(readStored('language')).toBeUndefined(); // not remembered as the person's own choice
    expect(sessionStorage.getItem('ngx-webstorage|link_language')).toBe('"de"');
  });

  it('a later link’s lang replaces an earlier one; an invalid one does not', () => {
    browser(['en']);
    startLanguage('https://app.test/my-account/invite/A?lang=de');
    expect(startLanguage('https://app.test/my-account/invite/B?lang=nl')).toBe('nl');
    expect(startLanguage('https://app.test/my-account/invite/C?lang=zz')).toBe('nl');
  });
});

describe('takeLinkLanguage', () => {
  it('takes lang off the address and keeps everything else', () => {
    expect(takeLinkLanguage('https://app.test/my-account/invite/ABC?lang=de&x=1#h')).toBe(
      'https://app.test/my-account/invite/ABC?x=1#h',
    );
    expect(takeLinkLanguage('https://app.test/my-account/invite/ABC?lang=fr')).toBe(
      'https://app.test/my-account/invite/ABC',
    );
  });

  it('leaves an address without lang exactly as it is', () => {
    const href = 'https://app.test/my-account/invite/ABC?b=2&a=%20';
    expect(takeLinkLanguage(href)).toBe(href);
  });
});

const cookie = () => document.cookie.match(/bike-invite-language=(\w+)/)?.[1];

describe('a page the server rendered keeps its language (decision 0044)', () => {
  it('the switcher’s choice goes to the server in a cookie too', () => {
    rememberLanguage('de');
    expect([readStored('language'), cookie()]).toEqual(['de', 'de']);
  });

  it('keeps the server’s choice, whatever the browser’s languages', () => {
    browser(['de-DE']);
    expect(keptLanguage({ language: 'nl', reason: 'browser' }, all)).toBe('nl');
    expect(keptLanguage({ language: 'de', reason: 'choice' }, all)).toBe('de');
  });

  it('turns to this tab’s link lang only where the server could not see it', () => {
    takeLinkLanguage('https://app.test/my-account/invite/ABC?lang=de');
    expect(keptLanguage({ language: 'nl', reason: 'browser' }, all)).toBe('de');
    expect(keptLanguage({ language: 'nl', reason: 'default' }, all)).toBe('de');
    expect(keptLanguage({ language: 'nl', reason: 'link' }, all)).toBe('nl');
    expect(keptLanguage({ language: 'nl', reason: 'browser' }, ['nl', 'en'])).toBe('nl'); // not offered
  });

  it('a choice remembered before the cookie carried it wins once, and goes into the cookie', () => {
    document.cookie = 'bike-invite-language=; path=/; max-age=0';
    writeStored('language', 'en');
    expect(keptLanguage({ language: 'de', reason: 'link' }, all)).toBe('en');
    expect(cookie()).toBe('en');
  });
});
