import type { AppConfig } from '../config/schema.ts';

/** An address of the reference identity service's dialect: `{api.ids.url}/{path}`, e.g. `…/oauth`, `…/user`. */
export function idsUrl(config: AppConfig, path: string): string {
  return `${config.api.ids.url.replace(/\/+$/, '')}/${path}`;
}
