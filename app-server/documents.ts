import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';
import type { CspSources } from '../server/http/security-headers.ts';
import { documentTemplate, type DocumentTemplate } from './document.ts';
import { previewTags } from './head-tags.ts';
import { readInvite } from './invite-reader.ts';
import type { Language, Renderer, RendererModule, Texts } from './renderer-module.ts';

export type DocumentOptions = {
  distDir: string;
  /** The config file the browser is served, as text. */
  configText: string;
  /**
   * Absolute base address of the bike service for the server's own invite reads (it may differ
   * from the browser's); undefined: the config's base, resolved against the request's origin.
   */
  bikeServiceUrl: () => string | undefined;
  /** The origin the config's bike address is resolved against when bikeServiceUrl gives none; default: the request's. */
  serviceOrigin?: () => string | undefined;
  /** The app's public origin for preview addresses; undefined: the request's own. */
  publicUrl: string | undefined;
  /** How long a page waits for the invite before the browser is left to render it. */
  inviteTimeoutMs: number;
  log: (message: string) => void;
};

export type DocumentHandler = {
  /** Answers a document request under /my-account/. */
  send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  /** What the pages' Content-Security-Policy must allow: their inline theme style and page script. */
  inlineSources: Required<Pick<CspSources, 'styleHashes' | 'scriptHashes'>>;
};

const LANGUAGES: readonly Language[] = ['nl', 'en', 'de'];

function readTexts(distDir: string): Texts {
  const texts: Texts = {};
  for (const language of LANGUAGES) {
    const file = join(distDir, 'i18n', `${language}.json`);
    if (existsSync(file)) texts[language] = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  }
  return texts;
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

function absolute(pathOrUrl: string, origin: string): string {
  try {
    return new URL(pathOrUrl, origin).href;
  } catch {
    return origin;
  }
}

/**
 * The app server's documents: every page under /my-account/ rendered with React on the server
 * (the browser hydrates it) when its data can be had, else the build's index.html for the browser
 * to render. Both carry the brand's link-preview tags. With no renderer (not built, or a config
 * the app refuses) every page is the static one, as on a static deploy.
 */
export function createDocumentHandler(module: RendererModule | undefined, options: DocumentOptions): DocumentHandler {
  const indexHtml = readFileSync(join(options.distDir, 'index.html'), 'utf8');
  const prepared = module?.createRenderer({ configText: options.configText, texts: readTexts(options.distDir) });
  if (prepared && !prepared.ok)
    options.log(`not rendering pages on the server: the config is refused (${prepared.detail})`);
  const renderer: Renderer | undefined = prepared?.ok ? prepared.renderer : undefined;
  const pageScript = module?.PAGE_SCRIPT ?? '';
  if (/<\/script/i.test(pageScript)) throw new Error('the page script must not contain "</script"');
  const template: DocumentTemplate | undefined = documentTemplate(indexHtml, {
    dataElementId: module?.SERVER_DATA_ID ?? 'server-data',
    pageScript,
  });
  if (!template) options.log(`${options.distDir}/index.html is not the app's own: it is served as it is`);
  const themeStyle = renderer ? `<style>${renderer.themeStyleSheet}</style>` : '';

  async function send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const url = new URL(request.url, 'http://request.invalid');
    const origin = options.publicUrl ?? `${request.protocol}://${request.host}`;
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Language, User-Agent')
      .type('text/html; charset=utf-8');
    if (!template) return reply.send(indexHtml);
    if (!renderer) {
      return reply.send(template({ language: 'en', cardStyle: '', head: '<title>My account</title>', root: '' }));
    }
    const language = renderer.language(
      url.searchParams.get('lang'),
      new Negotiator({ headers: { 'accept-language': request.headers['accept-language'] } }).languages(),
    );
    const base = options.bikeServiceUrl() ?? absolute(renderer.bikeBase, options.serviceOrigin?.() ?? origin);
    const page = await renderer
      .render({
        address: url.pathname + url.search,
        language,
        userAgent: request.headers['user-agent'] ?? '',
        readInvite: (code) => readInvite(base, code, options.inviteTimeoutMs),
      })
      .catch((error: unknown) => {
        options.log(`rendering ${url.pathname} failed, sending the static page: ${String(error)}`);
        return undefined;
      });
    const meta = page?.meta;
    const rendered = page?.rendered ? page : undefined;
    const head = [
      meta
        ? previewTags({
            ...meta,
            locale: renderer.ogLocale(language),
            url: origin + url.pathname,
            image: absolute(meta.image, origin),
          })
        : '<title>My account</title>',
      // The theme paints a rendered page; the app applies it itself to every other one (and a
      // page whose config the browser cannot load stays neutral, as on a static deploy).
      rendered ? themeStyle : '',
      rendered?.head ?? '',
    ]
      .filter(Boolean)
      .join('\n    ');
    const cardStyle = rendered ? renderer.cardStyle : '';
    return reply.send(template({ language, cardStyle, head, root: rendered?.html ?? '', data: rendered?.data }));
  }

  return {
    send,
    inlineSources: {
      styleHashes: renderer ? [sha256(renderer.themeStyleSheet)] : [],
      scriptHashes: renderer ? [sha256(pageScript)] : [],
    },
  };
}
