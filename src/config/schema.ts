import * as v from 'valibot';

import { SUPPORTED_LANGUAGES, type Language } from './languages.ts';

export { SUPPORTED_LANGUAGES, type Language };

// A link the app puts in an href or sends the browser to: http(s) or a same-site path, never
// `javascript:` or `data:`.
const link = v.pipe(
  v.string(),
  v.check(
    (value) => value === '' || /^(https?:\/\/|\/(?![/\\]))/i.test(value),
    'must be an http(s) address or a path starting with /',
  ),
);

const name = v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,40}$/, 'must be lower-case letters, digits or dashes'));

/** What `/assets/config.json` may contain: every field optional, unknown fields refused (they are typos). */
export const ConfigFileSchema = v.strictObject({
  production: v.optional(v.boolean()),
  app: v.optional(name),
  type: v.optional(name),
  languages: v.optional(
    v.pipe(v.array(v.picklist(SUPPORTED_LANGUAGES)), v.minLength(1, 'must name at least one language')),
  ),
  logo: v.optional(link),
  defaultProfileUrl: v.optional(link),
  login: v.optional(v.strictObject({ url: v.optional(link) })),
  api: v.optional(
    v.strictObject({
      ids: v.optional(
        v.strictObject({ url: v.optional(link), client_id: v.optional(v.pipe(v.string(), v.minLength(1))) }),
      ),
      bike: v.optional(
        v.strictObject({
          url: v.optional(link),
          api_name: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9._-]*$/))),
          version: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9._-]*$/))),
        }),
      ),
    }),
  ),
  appLink: v.optional(v.strictObject({ ios: v.optional(link), android: v.optional(link), fallback: v.optional(link) })),
});

export type ConfigFile = v.InferOutput<typeof ConfigFileSchema>;

export type AppConfig = {
  production: boolean;
  app: string;
  type: string;
  languages: Language[];
  logo: string;
  defaultProfileUrl: string;
  login: { url: string };
  api: {
    ids: { url: string; client_id: string };
    bike: { url: string; api_name: string; version: string };
  };
  appLink: { ios: string; android: string; fallback: string };
};
