// Vite's content-hashed file names (assets/name-[8 characters].ext): a new build gives changed
// files new names, so a file with such a name may be cached for good. One rule for the reference
// server's caching (static.ts) and the build's Brotli copies (vite.config.ts); deploy/nginx.conf
// writes it as a location, and hashed-name.test.ts keeps that equal to this.
export const HASHED_ASSET = /^assets\/[^/]+-[A-Za-z0-9_-]{8}\.[A-Za-z0-9]+$/;

/** Whether `path` (relative to the build's root, `/`-separated) is a content-hashed file. */
export const isHashedAsset = (path: string): boolean => HASHED_ASSET.test(path);
