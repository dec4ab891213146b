// Vite's content-hashed names, cacheable for good; deploy/nginx.conf repeats the rule (hashed-name.test.ts compares).
export const HASHED_ASSET = /^assets\/[^/]+-[A-Za-z0-9_-]{8}\.[A-Za-z0-9]+$/;

export const isHashedAsset = (path: string): boolean => HASHED_ASSET.test(path);
