import { SUPPORTED_LANGUAGES } from '../contract/languages.ts';
import { DEFAULT_CLIENT_ID } from '../contract/client-id.ts';
import { REFERENCE_IDS } from '../contract/service-urls.ts';
import { DEFAULT_LOGO_PATH, DEFAULT_PROFILE_PATH } from '../contract/brand-assets.ts';
import type { AppConfig } from './schema.ts';

/** Built-in defaults; `/assets/config.json` is merged over these. */
export const DEFAULT_CONFIG: AppConfig = {
  production: false,
  app: 'default',
  type: 'bike',
  languages: [...SUPPORTED_LANGUAGES],
  logo: DEFAULT_LOGO_PATH,
  defaultProfileUrl: DEFAULT_PROFILE_PATH,
  login: { url: REFERENCE_IDS.login },
  api: {
    ids: { url: REFERENCE_IDS.url, client_id: DEFAULT_CLIENT_ID },
    bike: { url: '', api_name: 'api', version: 'v1' },
  },
  appLink: { ios: '', android: '', fallback: '' },
  fieldData: true,
};
