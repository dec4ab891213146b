// t() takes only the English file's keys (translations.test.ts holds the rest to them); the `ids`
// section is the identity service's, left out of what the app loads.
import type en from '../../public/i18n/en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Omit<typeof en, 'ids'> };
  }
}
