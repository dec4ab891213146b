// `npm run size`: the JavaScript each route loads, gzip and as sent (docs/performance.md#size);
// `--sources`: each package's share of the first route, from the source maps.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { modulePreloadsOf } from '../app-server/page-template.ts';
import { gzipSize } from './gzip-size.ts';
import { packageOf, readSourceMap } from './source-map-lookup.ts';

type Chunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };

const { values: flags, positionals } = parseArgs({
  options: { sources: { type: 'boolean', default: false } },
  allowPositionals: true,
});
const dist = positionals[0] ?? 'dist';
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
const brotliSize = (file: string) => {
  const copy = join(dist, `${file}.br`);
  // Files under 1 kB get no copy: they are sent as they are.
  if (!existsSync(copy) && statSync(join(dist, file)).size < 1024) return statSync(join(dist, file)).size;
  if (!existsSync(copy)) throw new Error(`${copy} is missing: run \`npm run build\` again`);
  return readFileSync(copy).length;
};

function closure(keys: string[], withDynamic: boolean, seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    const chunk = manifest[key]!;
    closure(chunk.imports ?? [], withDynamic, seen);
    if (withDynamic) closure(chunk.dynamicImports ?? [], withDynamic, seen);
  }
  return seen;
}

// index.html's entry, what it preloads, and the early-requests chunk of builds before decision 0025.
const preloaded = modulePreloadsOf(readFileSync(join(dist, 'index.html'), 'utf8')).map((path) => path.slice(1));
const entryKeys = Object.keys(manifest).filter(
  (key) =>
    key === 'index.html' ||
    preloaded.includes(manifest[key]!.file) ||
    manifest[key]!.file.startsWith('assets/early-requests-'),
);
const entry = closure(entryKeys, false);
const kb = (bytes: number) => (bytes / 1000).toFixed(1).padStart(6);
const total = (keys: Set<string>, size: (file: string) => number) =>
  [...keys].reduce((sum, key) => sum + size(manifest[key]!.file), 0);
const sizes = (keys: Set<string>) =>
  `${kb(total(keys, (file) => gzipSize(join(dist, file))))} kB gzip  ${kb(total(keys, brotliSize))} kB brotli`;

console.log(`${'entry (every route; the invite page is in it)'.padEnd(46)} ${sizes(entry)}`);
// What the entry loads only when a page needs it (the sign-in code, the device parser, the QR code…).
const lazy = new Set([...entry].flatMap((key) => manifest[key]!.dynamicImports ?? []).filter((key) => !entry.has(key)));
for (const key of [...lazy].toSorted()) {
  const own = [...closure([key], false, new Set(entry))].filter((chunk) => !entry.has(chunk));
  console.log(`${`  when needed: ${key}`.padEnd(46)} ${sizes(new Set(own))}`);
}
// Pages that are chunks of their own (builds before decision 0025).
const pages = Object.keys(manifest).filter((key) => key.startsWith('src/pages/'));
for (const page of pages.toSorted()) {
  console.log(`${page.padEnd(46)} ${sizes(closure([page], true, new Set(entry)))}`);
}

/** Each package's share of `keys`' gzip bytes: its share of the minified bytes times the script's
 * gzip size (an estimate: gzip does not compress every part alike). */
function sharesByPackage(keys: Set<string>): Map<string, number> {
  const shares = new Map<string, number>();
  for (const key of keys) {
    const file = join(dist, manifest[key]!.file);
    const map = readSourceMap(file);
    const gzip = gzipSize(file);
    if (!map) {
      shares.set(manifest[key]!.file, (shares.get(manifest[key]!.file) ?? 0) + gzip);
      continue;
    }
    const bytes = map.bytesBySource();
    const mapped = [...bytes.values()].reduce((sum, n) => sum + n, 0);
    for (const [source, n] of bytes) {
      const owner = source === undefined ? '(bundler, JSON)' : packageOf(source);
      shares.set(owner, (shares.get(owner) ?? 0) + (gzip * n) / mapped);
    }
  }
  return shares;
}

if (flags.sources) {
  console.log('\nThe entry by package (gzip, estimated from the source maps):');
  const shares = [...sharesByPackage(entry)].toSorted((a, b) => b[1] - a[1]);
  const own = shares.filter(([name]) => name.startsWith('src/'));
  for (const [owner, bytes] of shares.filter(([name]) => !name.startsWith('src/')))
    console.log(`  ${owner.padEnd(44)} ${kb(bytes)} kB`);
  console.log(`  ${'the app’s own code (src/)'.padEnd(44)} ${kb(own.reduce((sum, [, b]) => sum + b, 0))} kB`);
  for (const [name, bytes] of own) console.log(`    ${name.padEnd(42)} ${kb(bytes)} kB`);
}
