// Vite's content-hashed file names (assets/name-[8 characters].ext), which may be cached for good.
// One rule for the app server's caching and the build's Brotli copies; deploy/nginx.conf repeats it (hashed-name.test.ts compares them).
export const HASHED_ASSET = /^assets\/[^/]+-[A-Za-z0-9_-]{8}\.[A-Za-z0-9]+$/;

/** Whether `path` (relative to the build's root, `/`-separated) is a content-hashed file. */
export const isHashedAsset = (path: string): boolean => HASHED_ASSET.test(path);
