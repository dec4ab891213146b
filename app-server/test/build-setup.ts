// Vitest's global setup for the servers' tests: the production build once per run under .tmp/, inside
// the checkout so the renderer's imports resolve.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { defaultAppServerOptions } from '../options.ts';
import type { TestBuild } from './build.ts';

/** Set by `npm test`, which has just built: the tests serve dist/ instead of building again. */
const BUILT_JUST_NOW = 'APP_BUILT_JUST_NOW';

declare module 'vitest' {
  export interface ProvidedContext {
    build: TestBuild;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const checkout = resolve(import.meta.dirname, '../..');
  if (process.env[BUILT_JUST_NOW] === '1') {
    const { distDir, ssrDir } = defaultAppServerOptions;
    project.provide('build', { distDir: join(checkout, distDir), ssrDir: join(checkout, ssrDir) });
    return () => undefined;
  }
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
