import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { useState } from 'react';
import type { Language } from '../contract/languages.ts';
import { readStored } from '../storage/web-storage.ts';
import { LanguageSwitcher } from './language-switcher.tsx';
import { createI18n, fetchTexts } from './setup-i18n.ts';

const served = new Set(['nl', 'en', 'de']);
const requested: string[] = [];
const fakeFetch = vi.fn(async (url: string) => {
  requested.push(url);
  const language = /\/i18n\/(\w+)\.json$/.exec(url)?.[1] ?? '';
  if (!served.has(language)) return new Response('', { status: 404 });
  return new Response(readFileSync(`public/i18n/${language}.json`, 'utf8'));
});

beforeEach(() => {
  vi.stubGlobal('fetch', fakeFetch);
  requested.length = 0;
  served.clear();
  for (const language of ['nl', 'en', 'de']) served.add(language);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** A page with state of its own, to see that switching keeps it. */
function Page({ offered }: { offered: readonly Language[] }) {
  const { t } = useTranslation();
  const [clicks, setClicks] = useState(0);
  return (
    <>
      <LanguageSwitcher offered={offered} />
      <h1>{t('invite-page.title')}</h1>
      <button type="button" onClick={() => setClicks(clicks + 1)}>
        {clicks}
      </button>
    </>
  );
}

async function renderIn(language: Language, offered: readonly Language[] = ['nl', 'en', 'de']) {
  const i18n = createI18n(language, offered, await fetchTexts(language, offered, fakeFetch as typeof fetch));
  requested.length = 0;
  render(
    <I18nextProvider i18n={i18n}>
      <Page offered={offered} />
    </I18nextProvider>,
  );
  return i18n;
}

describe('LanguageSwitcher', () => {
  it('is a select labelled in the page’s language, each language named in itself', async () => {
    await renderIn('en');
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Language' });
    expect(select.value).toBe('en');
    const options = screen.getAllByRole<HTMLOptionElement>('option');
    expect(options.map((o) => [o.value, o.textContent, o.lang])).toEqual([
      ['nl', 'Nederlands', 'nl'],
      ['en', 'English', 'en'],
      ['de', 'Deutsch', 'de'],
    ]);
  });

  it('offers only the languages the brand configured', async () => {
    await renderIn('nl', ['nl', 'de']);
    expect(screen.getAllByRole<HTMLOptionElement>('option').map((o) => o.value)).toEqual(['nl', 'de']);
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Taal' }).value).toBe('nl');
  });

  it('is not there when the brand offers one language', async () => {
    await renderIn('nl', ['nl']);
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.getByRole('heading').textContent).toBe('Je bent uitgenodigd');
  });

  it('switches the texts, remembers the choice, and keeps the page’s state', async () => {
    const i18n = await renderIn('en');
    fireEvent.click(screen.getByRole('button', { name: '0' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'de' } });
    await waitFor(() => expect(screen.getByRole('heading').textContent).toBe('Du wurdest eingeladen'));
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Sprache' }).value).toBe('de');
    expect(i18n.language).toBe('de');
    expect(readStored('language')).toBe('de');
    expect(requested).toEqual(['/i18n/de.json']);
    expect(screen.getByRole('button').textContent).toBe('1'); // the page's state survived the switch
  });

  it('does not fetch a language it already has', async () => {
    await renderIn('de'); // German with English as its fallback: both loaded
    fireEvent.change(screen.getByRole('combobox', { name: 'Sprache' }), { target: { value: 'en' } });
    await waitFor(() => expect(screen.getByRole('heading').textContent).toBe("You've been invited"));
    expect(requested).toEqual([]);
  });

  it('stays in the current language and says so when the other texts cannot be loaded', async () => {
    const i18n = await renderIn('en');
    served.delete('nl');
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Language' });
    fireEvent.change(select, { target: { value: 'nl' } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('That language could not be loaded. Please try again.');
    expect(select.value).toBe('en');
    expect(select.getAttribute('aria-describedby')).toBe(alert.id);
    expect(i18n.language).toBe('en');
    expect(readStored('language')).toBeUndefined();

    served.add('nl');
    fireEvent.change(select, { target: { value: 'nl' } });
    await waitFor(() => expect(i18n.language).toBe('nl'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a later choice wins over an earlier one still loading', async () => {
    let open: (() => void) | undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const i18n = await renderIn('en');
    fakeFetch.mockImplementationOnce(async () => {
      await gate;
      return new Response(readFileSync('public/i18n/nl.json', 'utf8'));
    });
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Language' });
    fireEvent.change(select, { target: { value: 'nl' } }); // slow
    fireEvent.change(select, { target: { value: 'de' } });
    await waitFor(() => expect(i18n.language).toBe('de'));
    await act(async () => open?.());
    await waitFor(() => expect(select.value).toBe('de'));
    expect(i18n.language).toBe('de');
    expect(readStored('language')).toBe('de');
  });
});
