// Kept apart from the schema so that the boot script can use it without the validation library.
export const SUPPORTED_LANGUAGES = ['nl', 'en', 'de'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
