import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brandTexts, buildTexts } from './brand-texts.ts';
import type { Brand } from './brands.ts';
import type { Renderer, RendererModule } from '../src/ssr/renderer-contract.ts';

export type * from '../src/ssr/renderer-contract.ts';

export const RENDERER_FILE = 'render-page.js';

/** The built renderer, prepared for every brand. */
export type BrandRenderers = {
  /** The script every rendered page carries inline (src/early/page-script.ts). */
  pageScript: string;
  /** The script a page with a signed-in side carries too (src/early/signed-in-script.ts); none from an older build. */
  signedInScript: string | undefined;
  renderers: ReadonlyMap<Brand, Renderer>;
};

/** The built renderer (src/ssr/renderer-contract.ts), prepared per brand with its texts; undefined when the build has none. */
export async function loadBrandRenderers(
  ssrDir: string,
  distDir: string,
  brands: readonly Brand[],
): Promise<BrandRenderers | undefined> {
  const file = join(resolve(ssrDir), RENDERER_FILE);
  if (!existsSync(file)) return undefined;
  const module = (await import(pathToFileURL(file).href)) as RendererModule;
  const read = buildTexts(distDir);
  return {
    pageScript: module.PAGE_SCRIPT,
    signedInScript: module.SIGNED_IN_SCRIPT,
    renderers: new Map(
      brands.map((brand) => [brand, module.createRenderer({ config: brand.config, texts: brandTexts(brand, read) })]),
    ),
  };
}
