import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RendererModule } from '../src/ssr/renderer-contract.ts';

export type * from '../src/ssr/renderer-contract.ts';

export const RENDERER_FILE = 'render-page.js';

/** The built renderer in `ssrDir` (its contract: src/ssr/renderer-contract.ts); undefined when there is none. */
export async function loadRendererModule(ssrDir: string): Promise<RendererModule | undefined> {
  const file = join(resolve(ssrDir), RENDERER_FILE);
  if (!existsSync(file)) return undefined;
  return (await import(pathToFileURL(file).href)) as RendererModule;
}
