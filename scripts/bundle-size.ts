// Prints, for each route, the size of the JavaScript it loads: the entry with its static imports,
// the page's chunk with its static imports, and what the page loads on render (its own dynamic
// imports, such as the device parser). Gzip (level 9), and Brotli as sent: the build's stored
// `.br` copies (vite.config.ts). Run after `npm run build`.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSize } from './gzip-size.ts';

type Chunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };

const dist = process.argv[2] ?? 'dist';
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

// index.html's entry (and the early-requests chunk of builds from before decision 0025).
const entryKeys = Object.keys(manifest).filter(
  (key) => key === 'index.html' || manifest[key]!.file.startsWith('assets/early-requests-'),
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
