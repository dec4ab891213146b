import * as v from 'valibot';

import { SUPPORTED_LANGUAGES, type Language } from '../contract/languages.ts';
import { REGISTERS, type RegisterChoice } from '../contract/registers.ts';
import type { BrandTexts } from './brand-texts.ts';

export { SUPPORTED_LANGUAGES, type Language };

// A link the app follows: http(s) or a same-site path, never `javascript:` or `data:`.
const link = v.pipe(
  v.string(),
  v.check(
    (value) => value === '' || /^(https?:\/\/|\/(?![/\\]))/i.test(value),
    'must be an http(s) address or a path starting with /',
  ),
);

// An OpenID Connect issuer: an absolute http(s) address (http for a development provider only).
const issuer = v.pipe(
  v.string(),
  v.check((value) => /^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/i.test(value), 'must be an http(s) address without ? or #'),
);

// OAuth scope tokens (RFC 6749 §3.3), separated by single spaces.
const scope = v.pipe(
  v.string(),
  v.regex(/^[\x21\x23-\x5B\x5D-\x7E]+( [\x21\x23-\x5B\x5D-\x7E]+)*$/, 'must be scope names separated by single spaces'),
);

// A path on the app's own origin, e.g. `/my-account/`: no scheme, host, query or fragment.
const ownPath = v.pipe(v.string(), v.regex(/^\/(?![/\\])[^?#\s\\]*$/, 'must be a path starting with / (no ? or #)'));

const name = v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,40}$/, 'must be lower-case letters, digits or dashes'));

// The brand's apps (decision 0012), checked strictly: a typo silently stops invite links opening the app.
const IosAppSchema = v.strictObject({
  teamId: v.pipe(v.string(), v.regex(/^[A-Z0-9]{10}$/, 'must be 10 characters A-Z or 0-9')),
  bundleId: v.pipe(
    v.string(),
    v.maxLength(155),
    v.regex(/^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/, 'must be like com.brand.app'),
  ),
  appStoreId: v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,14}$/, 'must be digits, as text')),
});

const fingerprint = v.pipe(
  v.string(),
  v.regex(/^[0-9A-F]{2}(:[0-9A-F]{2}){31}$/, 'must be 32 upper-case hex bytes like 0A:1B:…'),
);

const AndroidAppSchema = v.strictObject({
  packageName: v.pipe(
    v.string(),
    v.maxLength(150),
    v.regex(/^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/, 'must be like com.brand.app'),
  ),
  sha256CertFingerprints: v.pipe(v.array(fingerprint), v.minLength(1, 'must name at least one')),
});

export const AppStoreSchema = v.pipe(
  v.strictObject({ ios: v.optional(IosAppSchema), android: v.optional(AndroidAppSchema) }),
  v.check((store) => store.ios !== undefined || store.android !== undefined, 'needs ios or android'),
);

export type AppStore = v.InferOutput<typeof AppStoreSchema>;

const language = v.picklist(SUPPORTED_LANGUAGES, `must be one of ${SUPPORTED_LANGUAGES.join(', ')}`);

// Per language, one of its registers (src/contract/registers.ts); docs/brand-voice.md.
const RegisterSchema = v.strictObject(
  Object.fromEntries(
    Object.entries(REGISTERS).map(([code, registers]) => [
      code,
      v.optional(v.picklist(registers, `must be one of ${registers.join(', ')}`)),
    ]),
  ),
);

// A brand's own words: per language, a text's key (`invite-page.title`) and its sentence. What only the
// texts can tell (the key, its placeholders, its plural forms) is checked against them: brand-texts.ts.
const BrandTextsSchema = v.record(
  language,
  v.record(
    v.pipe(v.string(), v.regex(/^[a-z0-9_-]+(\.[a-z0-9_-]+)+$/, 'must be a text’s key, like invite-page.title')),
    v.string(),
  ),
);

/** What `/assets/config.json` may contain: every field optional, unknown fields refused (they are typos). */
const ConfigFileFields = v.strictObject({
  production: v.optional(v.boolean()),
  app: v.optional(name),
  type: v.optional(name),
  languages: v.optional(v.pipe(v.array(language), v.minLength(1, 'must name at least one language'))),
  /** The brand's language for a visitor whose browser names none it offers (before English). */
  defaultLanguage: v.optional(language),
  logo: v.optional(link),
  defaultProfileUrl: v.optional(link),
  login: v.optional(v.strictObject({ url: v.optional(link), redirect_path: v.optional(ownPath) })),
  api: v.optional(
    v.strictObject({
      ids: v.optional(
        v.strictObject({
          url: v.optional(link),
          client_id: v.optional(v.pipe(v.string(), v.minLength(1))),
          issuer: v.optional(issuer),
          scope: v.optional(scope),
        }),
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
  appStore: v.optional(AppStoreSchema),
  /** false: the app sends no field measurements (docs/field-data.md). */
  fieldData: v.optional(v.boolean()),
  register: v.optional(RegisterSchema),
  texts: v.optional(BrandTextsSchema),
});

export const ConfigFileSchema = v.pipe(
  ConfigFileFields,
  v.forward(
    v.check(
      (file) => !file.defaultLanguage || (file.languages ?? SUPPORTED_LANGUAGES).includes(file.defaultLanguage),
      'must be one of the languages offered',
    ),
    ['defaultLanguage'],
  ),
  v.forward(
    v.check(
      (file) =>
        Object.keys(file.texts ?? {}).every((code) =>
          (file.languages ?? SUPPORTED_LANGUAGES).includes(code as Language),
        ),
      'must name only languages offered',
    ),
    ['texts'],
  ),
);

export type ConfigFile = v.InferOutput<typeof ConfigFileSchema>;

export type AppConfig = {
  production: boolean;
  app: string;
  type: string;
  languages: Language[];
  /** Absent: English when offered, else the first offered language. */
  defaultLanguage?: Language;
  logo: string;
  defaultProfileUrl: string;
  /** `url`: the authorization page (with an issuer, from its metadata); `redirect_path`: the one redirect URI's path. */
  login: { url: string; redirect_path?: string };
  api: {
    /** `url`: the reference identity service's base, empty with an `issuer`; `scope`: sent when authorizing. */
    ids: { url: string; client_id: string; issuer?: string; scope?: string };
    bike: { url: string; api_name: string; version: string };
  };
  appLink: { ios: string; android: string; fallback: string };
  /** Absent unless the brand has configured its apps: then nothing app-link related is served or shown. */
  appStore?: AppStore;
  /** Whether the app sends its anonymous field measurements (docs/field-data.md); default true. */
  fieldData: boolean;
  /** The register of each language the brand chose; a language left out speaks its file's own. */
  register?: RegisterChoice;
  /** The brand's own words in place of the texts' (brand-texts.ts checks them). */
  texts?: BrandTexts;
};
