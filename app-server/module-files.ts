import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// The files a module of the app loads beyond the entry's, from the build's manifest.

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };

/** The files (paths on the origin) that `modules` (manifest keys: source paths) load beyond the entry; with `styles`, their style sheets too. */
export type ModuleFiles = (modules: readonly string[], styles?: 'styles') => string[];

const NONE: ModuleFiles = () => [];

/** Reads the build's manifest once; without one (an older build), no module has files to name. */
export function readModuleFiles(distDir: string): ModuleFiles {
  const path = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(path)) return NONE;
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as Record<string, ManifestChunk>;
  const closure = (keys: readonly string[], seen: Set<string>) => {
    for (const key of keys) {
      if (seen.has(key) || !manifest[key]) continue;
      seen.add(key);
      closure(manifest[key].imports ?? [], seen);
    }
    return seen;
  };
  const entry = closure(
    Object.keys(manifest).filter((key) => manifest[key]!.isEntry),
    new Set(),
  );
  const cache = new Map<string, string[]>();
  return (modules, styles) => {
    const key = `${styles ?? ''}\n${modules.join('\n')}`;
    let files = cache.get(key);
    if (!files) {
      const chunks = [...closure(modules, new Set(entry))].filter((k) => !entry.has(k)).map((k) => manifest[k]!);
      files = [...chunks.map((chunk) => chunk.file), ...(styles ? chunks.flatMap((chunk) => chunk.css ?? []) : [])].map(
        (file) => `/${file}`,
      );
      cache.set(key, files);
    }
    return files;
  };
}
