import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { APP_ROOT, ROUTE_PREFIX } from '../src/contract/paths.ts';
import { isHashedAsset } from '../http-kit/hashed-name.ts';
import { problem, sendProblem } from '../http-kit/problem.ts';
import { cacheForever, cacheNever, registerFiles } from '../http-kit/static.ts';

const cacheShort = 'public, max-age=600';

const alwaysFresh = /^(index\.html|assets\/config\.json|i18n\/[^/]+\.json)$/;

export function cacheControlFor(path: string): string {
  if (isHashedAsset(path)) return cacheForever;
  if (alwaysFresh.test(path)) return cacheNever;
  return cacheShort;
}

// For developers, not browsers: source maps (holding the sources) and Vite's manifest.
const BUILD_INTERNALS = /(^|\/)\.vite\/|\.map$/;

type BuildFilesOptions = {
  distDir: string;
  /** The text of `/assets/config.json` for a request: its brand's. */
  config: (request: FastifyRequest) => string;
  /** Answers the pages under /my-account/ (page-responder.ts); default: index.html as it is. */
  pages?: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
  /** Serve the source maps and the build manifest too (default: 404 for them). */
  serveSourceMaps?: boolean;
};

/** The build's texts (`i18n/{name}.json`), read once: served from memory with a strong ETag. */
function readTextFiles(distDir: string): Map<string, string> {
  const dir = resolve(distDir, 'i18n');
  if (!existsSync(dir)) return new Map();
  return new Map(
    readdirSync(dir)
      .filter((name) => /^[\w-]+\.json$/.test(name))
      .map((name) => [name, readFileSync(resolve(dir, name), 'utf8')]),
  );
}

/** The build (history fallback under /my-account/) and the brand's config; hashed files as their Brotli or gzip copy. */
export async function registerBuildFiles(app: FastifyInstance, options: BuildFilesOptions): Promise<void> {
  const distDir = resolve(options.distDir);
  const hasApp = existsSync(resolve(distDir, 'index.html'));
  const texts = readTextFiles(distDir);

  app.get('/', (_request, reply) => reply.redirect(APP_ROOT, 302));
  app.get('/assets/config.json', (request, reply) =>
    reply.header('cache-control', cacheNever).type('application/json; charset=utf-8').send(options.config(request)),
  );
  app.get<{ Params: { name: string } }>('/i18n/:name', (request, reply) => {
    const text = texts.get(request.params.name);
    if (text === undefined) return reply.callNotFound();
    return reply.header('cache-control', cacheNever).type('application/json; charset=utf-8').send(text);
  });

  const sendIndex = (reply: FastifyReply) =>
    hasApp
      ? reply.header('cache-control', cacheNever).sendFile('index.html', distDir, { cacheControl: false })
      : sendProblem(reply, problem(503, 'app-not-built', 'The app is not built: run `npm run build` first.'));
  const pages = hasApp ? options.pages : undefined;
  const sendPage = (request: FastifyRequest, reply: FastifyReply) => (pages ? pages(request, reply) : sendIndex(reply));
  app.get(ROUTE_PREFIX, sendPage);
  app.get(`${APP_ROOT}*`, sendPage);

  if (!hasApp) return;
  await registerFiles(app, {
    root: distDir,
    prefix: '/',
    cacheControl: cacheControlFor,
    // The build's copies (vite.config.ts); anything else is compressed per request by @fastify/compress.
    preCompressed: true,
    allowedPath: (path) => options.serveSourceMaps === true || !BUILD_INTERNALS.test(path),
  });
}
