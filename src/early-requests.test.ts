import { describe, expect, it } from 'vitest';
import { earlyLanguage } from './early-requests.ts';
import { chooseLanguage } from './i18n/choose-language.ts';

describe('earlyLanguage', () => {
  it.each([[['nl-NL']], [['de-AT', 'en']], [['fr', 'de']], [['fr']], [[]], [['EN_gb']]])(
    'picks what the app picks for %j',
    (preferred) => {
      expect(earlyLanguage(preferred)).toBe(chooseLanguage(preferred, ['nl', 'en', 'de']));
    },
  );
});
