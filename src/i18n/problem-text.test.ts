import { readdirSync, readFileSync } from 'node:fs';
import { createInstance, type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { BIKE_PROBLEM_TYPES } from '../contract/problem-types.ts';
import { problemText } from './problem-text.ts';

const languages = readdirSync('public/i18n')
  .filter((name) => name.endsWith('.json'))
  .map((name) => name.slice(0, -'.json'.length));

describe('problemText', () => {
  it.each(languages)('has words of its own for every problem type the contract defines, in %s', async (language) => {
    const instance = createInstance();
    await instance.init({
      lng: language,
      resources: { [language]: { translation: JSON.parse(readFileSync(`public/i18n/${language}.json`, 'utf8')) } },
    });
    const said = BIKE_PROBLEM_TYPES.map((slug) => problemText(instance.t, `urn:bike-invite:problem:${slug}`));
    for (const [i, text] of said.entries()) expect(text, BIKE_PROBLEM_TYPES[i]).not.toMatch(/^problem\./);
    expect(new Set(said).size).toBe(BIKE_PROBLEM_TYPES.length);
  });

  it('has none for a type the contract does not define', () => {
    const never = ((key: string) => {
      throw new Error(`asked for ${key}`);
    }) as unknown as TFunction;
    expect(problemText(never, 'urn:bike-invite:problem:no-such-thing')).toBeUndefined();
    expect(problemText(never, 'about:blank')).toBeUndefined();
    expect(problemText(never, undefined)).toBeUndefined();
  });
});
