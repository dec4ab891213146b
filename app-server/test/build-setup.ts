// Vitest's global setup for the app server's tests (vitest.config.ts): the app's production build,
// browser app and server renderer, made once per test run into a folder of its own under .tmp/
// with Vite's build API and vite.config.ts, as `npm run build` makes dist/ and dist-ssr/. The tests
// so need no build made beforehand, and never test a stale one. About 3 s. Inside the checkout, so
// that the renderer's imports (React, ...) resolve from node_modules/ for a server started in a
// child process too.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import type { TestBuild } from './build.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    build: TestBuild;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const checkout = resolve(import.meta.dirname, '../..');
  mkdirSync(join(checkout, '.tmp'), { recursive: true });
  const root = mkdtempSync(join(checkout, '.tmp', 'test-build-'));
  const made: TestBuild = { distDir: join(root, 'dist'), ssrDir: join(root, 'dist-ssr') };
  const configFile = join(checkout, 'vite.config.ts');
  // A production build, as `npm run build` makes: Vite takes the mode from NODE_ENV, which Vitest sets to `test`.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile, logLevel: 'warn', build: { outDir: made.distDir, emptyOutDir: true } });
    await build({
      configFile,
      logLevel: 'warn',
      build: { ssr: 'src/ssr/render-page.tsx', outDir: made.ssrDir, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  project.provide('build', made);
  return () => rmSync(root, { recursive: true, force: true });
}
