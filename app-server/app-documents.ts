import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createDocumentHandler, type DocumentHandler, type DocumentOptions } from './documents.ts';
import { loadRendererModule } from './renderer-module.ts';

export type AppDocumentsOptions = Omit<DocumentOptions, 'log'> & { ssrDir: string };

/** How long a page waits for the bike service before the browser renders it alone. */
export const DEFAULT_INVITE_TIMEOUT_MS = 250;

/**
 * The document handler for a build, or undefined when there is no build to serve. A build without
 * its server renderer (dist-ssr/) still serves every page, rendered in the browser.
 */
export async function createAppDocuments(
  options: AppDocumentsOptions,
  log: (message: string) => void,
): Promise<DocumentHandler | undefined> {
  if (!existsSync(join(options.distDir, 'index.html'))) return undefined;
  const module = await loadRendererModule(options.ssrDir);
  if (!module) log(`no server renderer in ${options.ssrDir}: pages are rendered in the browser only`);
  return createDocumentHandler(module, { ...options, log });
}
