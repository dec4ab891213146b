import { existsSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isHashedAsset } from './hashed-name.ts';
import { problem, sendProblem } from './problem.ts';

export const cacheForever = 'public, max-age=31536000, immutable';
export const cacheNever = 'no-cache';
const cacheShort = 'public, max-age=600';
const cacheMedia = 'public, max-age=604800';

const alwaysFresh = /^(index\.html|assets\/config\.json|i18n\/[^/]+\.json)$/;

export function cacheControlFor(path: string): string {
  if (isHashedAsset(path)) return cacheForever;
  if (alwaysFresh.test(path)) return cacheNever;
  return cacheShort;
}

type StaticOptions = {
  distDir: string;
  /** The reference server's bike photos and avatars; the app server alone has none. */
  mediaDir?: string;
  appConfig: Record<string, unknown>;
  /** Answers documents under /my-account/ (the app server's rendering); default: index.html as it is. */
  documents?: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
};

/** The built app (with history fallback under /my-account/), its per-brand config, and /media/. */
export async function registerStatic(app: FastifyInstance, options: StaticOptions): Promise<void> {
  const distDir = resolve(options.distDir);
  const hasApp = existsSync(resolve(distDir, 'index.html'));
  const configBody = JSON.stringify(options.appConfig);

  app.get('/', (_request, reply) => reply.redirect('/my-account/', 302));
  app.get('/assets/config.json', (_request, reply) =>
    reply.header('cache-control', cacheNever).type('application/json; charset=utf-8').send(configBody),
  );

  const sendIndex = (reply: FastifyReply) =>
    hasApp
      ? reply.header('cache-control', cacheNever).sendFile('index.html', distDir, { cacheControl: false })
      : sendProblem(reply, problem(503, 'app-not-built', 'The app is not built: run `npm run build` first.'));
  const documents = hasApp ? options.documents : undefined;
  const sendDocument = (request: FastifyRequest, reply: FastifyReply) =>
    documents ? documents(request, reply) : sendIndex(reply);
  app.get('/my-account', sendDocument);
  app.get('/my-account/*', sendDocument);

  if (hasApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      index: false,
      cacheControl: false,
      // The build's Brotli copies of hashed files (vite.config.ts), to clients that accept br;
      // anything else is compressed per request by @fastify/compress.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // A stored Brotli copy is cached as the file it stands for.
        const served = relative(distDir, filePath).split(sep).join('/').replace(/\.br$/, '');
        res.header('cache-control', cacheControlFor(served));
      },
    });
  }

  if (!options.mediaDir) return;
  await app.register(fastifyStatic, {
    root: resolve(options.mediaDir),
    prefix: '/media/',
    decorateReply: false,
    index: false,
    cacheControl: false,
    setHeaders: (res) => {
      res.header('cache-control', cacheMedia);
      // Bike photos and avatars may be shown by the app when it is served from another allowed origin.
      res.header('cross-origin-resource-policy', 'cross-origin');
    },
  });
}
