import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SUPPORTED_LANGUAGES } from '../src/contract/languages.ts';
import type { Brand } from './brands.ts';
import type { Renderer, RendererModule, Texts } from '../src/ssr/renderer-contract.ts';

export type * from '../src/ssr/renderer-contract.ts';

export const RENDERER_FILE = 'render-page.js';

/** The built renderer, prepared for every brand. */
export type BrandRenderers = {
  /** The script every rendered page carries inline (src/early/page-script.ts). */
  pageScript: string;
  renderers: ReadonlyMap<Brand, Renderer>;
};

/** The build's texts (`i18n/{language}.json`), which the renderer renders with. */
function readTexts(distDir: string): Texts {
  const texts: Texts = {};
  for (const language of SUPPORTED_LANGUAGES) {
    const file = join(distDir, 'i18n', `${language}.json`);
    if (existsSync(file)) texts[language] = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  }
  return texts;
}

/** The built renderer (src/ssr/renderer-contract.ts), prepared per brand; undefined when the build has none. */
export async function loadBrandRenderers(
  ssrDir: string,
  distDir: string,
  brands: readonly Brand[],
): Promise<BrandRenderers | undefined> {
  const file = join(resolve(ssrDir), RENDERER_FILE);
  if (!existsSync(file)) return undefined;
  const module = (await import(pathToFileURL(file).href)) as RendererModule;
  const texts = readTexts(distDir);
  return {
    pageScript: module.PAGE_SCRIPT,
    renderers: new Map(brands.map((brand) => [brand, module.createRenderer({ config: brand.config, texts })])),
  };
}
