// t() accepts only keys of the English texts (public/i18n/en.json), so a mistyped key is a type
// error; translations.test.ts keeps nl and de to the same keys.
import type en from '../../public/i18n/en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
