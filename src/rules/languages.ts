// The languages the app has texts for (public/i18n/{nl,en,de}.json). The app, the config schema
// and the servers all read this list. Like every module in src/rules/, it imports nothing.
export const SUPPORTED_LANGUAGES = ['nl', 'en', 'de'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

/** The query parameter an invite link may carry to choose the language of a first visit (decision 0014). */
export const LANGUAGE_PARAM = 'lang';

/** The language when neither the invitee nor the browser names a supported one. */
export const FALLBACK_LANGUAGE: Language = 'en';
