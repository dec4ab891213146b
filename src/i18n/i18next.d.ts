// t() accepts only keys of the English texts (public/i18n/en.json), so a mistyped key is a type
// error; translations.test.ts keeps every other language to the same keys. The `ids` section is the
// identity service's (server/ids/login-texts.ts): the build leaves it out of what the app loads.
import type en from '../../public/i18n/en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Omit<typeof en, 'ids'> };
  }
}
