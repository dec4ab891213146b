// The services' addresses from the config, computed alike by the app, the app server and the reference services.

const IDS = '/ids';

/** The reference identity service's endpoints under `api.ids.url`, in its own dialect (no metadata). */
const IDS_ENDPOINTS = { token: 'oauth', user: 'user' } as const;

export type IdsEndpoint = keyof typeof IDS_ENDPOINTS;

/** An endpoint of the reference identity service's dialect under its base (`api.ids.url`). */
export function idsUrl(idsBase: string, endpoint: IdsEndpoint): string {
  return `${idsBase.replace(/\/+$/, '')}/${IDS_ENDPOINTS[endpoint]}`;
}

/** Where the reference identity service answers on the app's own origin: the config's defaults. */
export const REFERENCE_IDS = {
  /** `api.ids.url` */
  url: IDS,
  /** `login.url`: the authorization (login) page */
  login: `${IDS}/login`,
  token: idsUrl(IDS, 'token'),
  user: idsUrl(IDS, 'user'),
} as const;

/** The bike service's address in the config (`api.bike`). */
export type BikeServiceAddress = { url: string; api_name: string; version: string };

export const OWNER_LISTS = { bikes: 'bike', shared: 'bike/shared' } as const;

/** Bike service base: url + /api_name + /version + /, empty parts dropped (docs/behaviour/requests.md#the-calls). */
export function bikeApiBase(config: { api: { bike: BikeServiceAddress } }): string {
  const { url, api_name, version } = config.api.bike;
  const parts = [url.replace(/\/+$/, ''), api_name, version].filter((part) => part !== '');
  const joined = parts.join('/');
  return url === '' ? `/${joined}/` : `${joined}/`;
}
