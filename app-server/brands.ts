// The brands one app server serves, each on its host names (docs/deploy.md#the-brand-map); origins
// and services come from configuration, never from a request header.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import * as v from 'valibot';
import { wellKnownFiles, type WellKnownFile } from './app-link-files.ts';
import { bikeApiBase } from '../src/contract/service-urls.ts';
import { parseConfig } from '../src/config/parse-config.ts';
import type { AppConfig } from '../src/config/schema.ts';

export type Brand = {
  /** The brand's key: `app` in its config (`default` without one); a label in logs and metrics. */
  key: string;
  /** The host names it answers, lower-case, without port. */
  hosts: readonly string[];
  source: string;
  configText: string;
  config: AppConfig;
  wellKnown: WellKnownFile[];
  /** The public origin of a request that reached `host` (one of `hosts`): preview addresses. */
  origin(host: string): string;
  /** The bike service's absolute base for the server's own invite reads (ends with /). */
  bikeServiceBase(): string;
  /** Where the server reaches an address of the config's services as the app names it: the bike service's under its base. */
  serviceAddress(address: string): string;
};

export type BrandInput = {
  hosts: readonly string[];
  source: string;
  configText: string;
  origin: (host: string) => string;
  /** The bike service base; undefined: the config's own `api.bike` address, resolved against `serviceOrigin`. */
  bikeServiceUrl: string | undefined;
  /** What a relative address of the config's services is resolved against; default: the brand's public origin. */
  serviceOrigin?: () => string;
};

/** A config file's text read as the app reads it, once; throws naming the source, the field and the problem when the app would refuse it. */
export function readBrandConfig(text: string, source: string): AppConfig {
  const parsed = parseConfig(text);
  if (parsed.ok) return parsed.config;
  const what = parsed.problem === 'not-json' ? 'not valid JSON' : 'refused by the app';
  throw new Error(`${source}: ${what}: ${parsed.detail.replaceAll('\n', '; ')}`);
}

/** A brand from its config's text; throws naming the source, the field and the problem when the app would refuse it. */
export function brandFrom(input: BrandInput): Brand {
  const config = readBrandConfig(input.configText, input.source);
  const configBase = bikeApiBase(config);
  const serviceOrigin = () => input.serviceOrigin?.() ?? input.origin(input.hosts[0] ?? 'localhost');
  const bikeServiceBase = () => input.bikeServiceUrl ?? new URL(configBase, serviceOrigin()).href;
  return {
    key: config.app,
    hosts: input.hosts,
    source: input.source,
    configText: input.configText,
    config,
    wellKnown: wellKnownFiles(config.appStore),
    origin: input.origin,
    bikeServiceBase,
    serviceAddress: (address) =>
      address.startsWith(configBase)
        ? bikeServiceBase() + address.slice(configBase.length)
        : new URL(address, serviceOrigin()).href,
  };
}

export function brandForHost(brands: readonly Brand[], hostname: string): Brand | undefined {
  const host = normalHost(hostname);
  return brands.find((brand) => brand.hosts.includes(host));
}

/** Lower case, no trailing dot, IPv6 in brackets: the form hosts are compared in. */
export function normalHost(hostname: string): string {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/** The origins a brand's app calls or loads images from (its services' absolute addresses), for the CSP. */
export function brandOrigins(brand: Brand): string[] {
  const { config } = brand;
  const candidates = [config.login.url, config.api.ids.url, config.api.ids.issuer, config.api.bike.url];
  const origins = new Set<string>();
  for (const url of candidates) {
    if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) continue;
    origins.add(new URL(url).origin);
  }
  return [...origins];
}

// ---- The brand map file -------------------------------------------------------------------------

const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$|^\[[0-9a-f:.]+\]$/;

const hostName = v.pipe(
  v.string(),
  v.transform(normalHost),
  v.regex(HOST, 'must be a host name without scheme or port, like invite.sparta.example'),
);

function isHttpUrl(value: string): boolean {
  return URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);
}

const publicUrl = v.pipe(
  v.string(),
  v.check(
    (value) => isHttpUrl(value) && new URL(value).origin === value.replace(/\/$/, ''),
    'must be an http(s) origin without a path, like https://invite.sparta.example',
  ),
  v.transform((value) => new URL(value).origin),
);

const serviceUrl = v.pipe(
  v.string(),
  v.check(isHttpUrl, 'must be an http(s) address, like http://bikes.internal/api/v1/'),
  v.transform(withSlash),
);

const BrandMapSchema = v.strictObject({
  brands: v.pipe(
    v.array(
      v.strictObject({
        hosts: v.pipe(v.array(hostName), v.minLength(1, 'must name at least one host')),
        config: v.pipe(v.string(), v.minLength(1, 'must name the brand’s config.json')),
        publicUrl,
        bikeServiceUrl: v.optional(serviceUrl),
      }),
    ),
    v.minLength(1, 'must list at least one brand'),
  ),
});

export type BrandMapEntry = v.InferOutput<typeof BrandMapSchema>['brands'][number];

export function withSlash(url: string): string {
  const href = new URL(url).href;
  return href.endsWith('/') ? href : `${href}/`;
}

export function readText(file: string, what: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(`${what}: cannot read ${file}${code ? ` (${code})` : ''}`, { cause: error });
  }
}

/** The entries of a brand map file; throws naming the file, the field and the problem. */
export function readBrandMap(file: string): BrandMapEntry[] {
  const text = readText(file, '--brands');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file}: not valid JSON: ${(error as Error).message}`, { cause: error });
  }
  const result = v.safeParse(BrandMapSchema, json);
  if (!result.success) {
    const problems = result.issues.map((issue) => `${v.getDotPath(issue) ?? '(top level)'}: ${issue.message}`);
    throw new Error(`${file}: ${problems.join('; ')}`);
  }
  const { brands } = result.output;
  const owner = new Map<string, number>();
  brands.forEach((brand, index) =>
    brand.hosts.forEach((host, hostIndex) => {
      const first = owner.get(host);
      if (first !== undefined)
        throw new Error(`${file}: brands.${index}.hosts.${hostIndex}: ${host} is already a host of brands.${first}`);
      owner.set(host, index);
    }),
  );
  return brands;
}

/** The brands of a brand map file, their configs read relative to it; `bikeServiceUrl` for brands naming none. */
export function loadBrandMap(file: string, bikeServiceUrl: string | undefined): Brand[] {
  return readBrandMap(file).map((entry, index) => {
    const configPath = resolve(dirname(file), entry.config);
    return brandFrom({
      hosts: entry.hosts,
      source: `${configPath} (${file}: brands.${index}.config)`,
      configText: readText(configPath, `${file}: brands.${index}.config`),
      origin: () => entry.publicUrl,
      bikeServiceUrl: entry.bikeServiceUrl ?? bikeServiceUrl,
    });
  });
}
