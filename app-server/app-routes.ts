import type { FastifyInstance } from 'fastify';
import { registerStatic } from '../server/http/static.ts';
import { registerWellKnown } from '../server/http/well-known.ts';
import { brandOf, registerBrandHosts } from './brand-host.ts';
import type { Brand } from './brands.ts';
import type { DocumentHandler } from './documents.ts';

export type AppRoutesOptions = {
  brands: readonly Brand[];
  /** The rendered documents; undefined: no build, so no app to serve. */
  documents: DocumentHandler | undefined;
  distDir: string;
  mediaDir?: string;
  serveSourceMaps?: boolean;
};

/**
 * The app's part of a server, by brand: the host check (brand-host.ts, first, so it covers every
 * route of the context), each brand's config, app-link files and documents, and the build.
 */
export async function registerAppRoutes(instance: FastifyInstance, options: AppRoutesOptions): Promise<void> {
  registerBrandHosts(instance, options.brands);
  registerWellKnown(instance, (request) => brandOf(request).wellKnown);
  const { documents } = options;
  await registerStatic(instance, {
    distDir: options.distDir,
    ...(options.mediaDir ? { mediaDir: options.mediaDir } : {}),
    config: (request) => brandOf(request).configText,
    ...(documents ? { documents: (request, reply) => documents.send(request, reply, brandOf(request)) } : {}),
    serveSourceMaps: options.serveSourceMaps ?? false,
  });
}
