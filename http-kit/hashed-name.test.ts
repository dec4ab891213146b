import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HASHED_ASSET, isHashedAsset } from './hashed-name.ts';

const nginxConf = readFileSync(resolve(import.meta.dirname, '../deploy/nginx.conf'), 'utf8');

describe('hashed file names', () => {
  it("are the build's content-hashed names, and nothing an operator replaces", () => {
    expect(isHashedAsset('assets/index-CDTjjb7q.js')).toBe(true);
    expect(isHashedAsset('assets/index-CZUioDc_.css')).toBe(true);
    expect(isHashedAsset('assets/early-requests-C1lIveaH.js')).toBe(true);
    expect(isHashedAsset('assets/config.json')).toBe(false);
    expect(isHashedAsset('assets/img/qwic_logo.svg')).toBe(false);
    expect(isHashedAsset('i18n/en.json')).toBe(false);
    expect(isHashedAsset('index.html')).toBe(false);
  });

  it('are the ones deploy/nginx.conf caches for a year', () => {
    // The location whose block sets the year-long caching.
    const location =
      /location ~ "([^"]+)" \{\s*set \$bike_invite_cache_control "public, max-age=31536000, immutable";/.exec(
        nginxConf,
      );
    // The same expression with nginx's leading slash (a regex literal writes `/` as `\/`).
    expect(location?.[1]).toBe(HASHED_ASSET.source.replaceAll('\\/', '/').replace(/^\^/, '^/'));
  });
});
