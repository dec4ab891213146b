import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

/** A file's gzip size at level 9: the one measure `npm run size` and `npm run bench` report as "gzip". */
export const gzipSize = (path: string): number => gzipSync(readFileSync(path), { level: 9 }).length;
