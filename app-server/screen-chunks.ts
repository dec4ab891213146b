import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

// The screens the server renders that the browser loads lazily (src/app/app-routes.tsx).
const LAZY_SCREENS: Record<string, string> = {
  decline: 'src/pages/decline-page.tsx',
  invalid: 'src/pages/invalid-page.tsx',
};

/**
 * `<link rel="modulepreload">` tags for a rendered page's lazy screen and the chunks it imports,
 * from the build's manifest: the browser can only hydrate the page once that code is there, and
 * would otherwise ask for it only after the app's own script has run.
 */
export function screenPreloads(distDir: string): (route: string) => string {
  const file = join(distDir, '.vite', 'manifest.json');
  const manifest: Manifest = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : {};
  const tags = new Map<string, string>();
  for (const [route, source] of Object.entries(LAZY_SCREENS)) {
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || chunk.isEntry || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit(source);
    tags.set(route, [...files].map((path) => `<link rel="modulepreload" crossorigin href="/${path}" />`).join(''));
  }
  return (route) => tags.get(route) ?? '';
}
