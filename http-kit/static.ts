import { relative, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const cacheForever = 'public, max-age=31536000, immutable';
export const cacheNever = 'no-cache';

export type FilesOptions = {
  root: string;
  /** The address prefix the folder is served under, ending with `/`. */
  prefix: string;
  /** A file's Cache-Control header, by its path in the folder (`/`-separated). */
  cacheControl: (path: string) => string;
  /** Send a file's stored Brotli or gzip copy (`name.br`, `name.gz`) to a client that takes it. */
  preCompressed?: boolean;
  allowedPath?: (path: string) => boolean;
  headers?: Record<string, string>;
};

/** A folder under `prefix` with the caller's caching, no listing; a Brotli or gzip copy is cached as its file. */
export async function registerFiles(app: FastifyInstance, options: FilesOptions): Promise<void> {
  const root = resolve(options.root);
  await app.register(fastifyStatic, {
    root,
    prefix: options.prefix,
    // One folder of a server gives replies sendFile(); any other registration must not decorate again.
    decorateReply: !app.hasReplyDecorator('sendFile'),
    index: false,
    cacheControl: false,
    preCompressed: options.preCompressed ?? false,
    ...(options.allowedPath ? { allowedPath: options.allowedPath } : {}),
    setHeaders: (res, filePath) => {
      const served = relative(root, filePath)
        .split(sep)
        .join('/')
        .replace(/\.(br|gz)$/, '');
      res.header('cache-control', options.cacheControl(served));
      for (const [name, value] of Object.entries(options.headers ?? {})) res.header(name, value);
    },
  });
}
