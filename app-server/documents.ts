import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';
import { TRACEPARENT } from '../http-kit/request-log.ts';
import type { CspSources } from '../http-kit/security-headers.ts';
import { FALLBACK_LANGUAGE, LANGUAGE_PARAM, SUPPORTED_LANGUAGES } from '../src/contract/languages.ts';
import type { AppMetrics } from './app-metrics.ts';
import { normalHost, type Brand } from './brands.ts';
import { documentTemplate, stylesheetPath, type DocumentTemplate } from './document.ts';
import { previewTags as previewTagsOf } from './head-tags.ts';
import { readInvite } from './invite-reader.ts';
import type { LoadShedding } from './load-shedding.ts';
import type { PageMeta, RenderedPage, Renderer, RendererModule, Texts } from './renderer-module.ts';

export type DocumentOptions = {
  distDir: string;
  brands: readonly Brand[];
  /** How long a page waits for the invite before the browser is left to render it. */
  inviteTimeoutMs: number;
  metrics: AppMetrics;
  shedding: LoadShedding;
  /** Messages at start (a missing renderer, a foreign index.html). */
  log: (message: string) => void;
};

export type DocumentHandler = {
  /** Answers a document request under /my-account/ for `brand` (the one its host names). */
  send(request: FastifyRequest, reply: FastifyReply, brand: Brand): Promise<FastifyReply>;
  /** What the pages' Content-Security-Policy must allow: every brand's inline theme style, and the page script. */
  inlineSources: Required<Pick<CspSources, 'styleHashes' | 'scriptHashes'>>;
};

function readTexts(distDir: string): Texts {
  const texts: Texts = {};
  for (const language of SUPPORTED_LANGUAGES) {
    const file = join(distDir, 'i18n', `${language}.json`);
    if (existsSync(file)) texts[language] = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  }
  return texts;
}

/**
 * The app's style sheet, for rendered pages to carry inline; undefined when the build links none,
 * or its text could end the <style> element early.
 */
function readStyleSheet(distDir: string, indexHtml: string): string | undefined {
  const path = stylesheetPath(indexHtml);
  const file = path && join(distDir, path);
  if (!file || !existsSync(file)) return undefined;
  const text = readFileSync(file, 'utf8').trim();
  return /<\/style/i.test(text) ? undefined : text;
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

function absolute(pathOrUrl: string, origin: string): string {
  try {
    return new URL(pathOrUrl, origin).href;
  } catch {
    return origin;
  }
}

/** The request id and trace context, carried on to the bike service. */
function forwardedHeaders(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = { 'x-request-id': request.id };
  const { traceparent } = request.headers;
  if (typeof traceparent === 'string' && TRACEPARENT.test(traceparent)) headers.traceparent = traceparent;
  return headers;
}

/**
 * The pages under /my-account/, rendered on the server when the renderer and the page's data are
 * there and load allows, else index.html for the browser to render; both with the brand's preview tags.
 */
export function createDocumentHandler(module: RendererModule | undefined, options: DocumentOptions): DocumentHandler {
  const { metrics, shedding } = options;
  const indexHtml = readFileSync(join(options.distDir, 'index.html'), 'utf8');
  const texts = readTexts(options.distDir);
  const renderers = new Map<Brand, Renderer>();
  for (const brand of options.brands) {
    const prepared = module?.createRenderer({ configText: brand.configText, texts });
    // The brand's config was validated when it was loaded (brands.ts): the renderer takes it.
    if (prepared && !prepared.ok) throw new Error(`${brand.source}: ${prepared.detail}`);
    if (prepared?.ok) renderers.set(brand, prepared.renderer);
  }
  const pageScript = module?.PAGE_SCRIPT ?? '';
  if (/<\/script/i.test(pageScript)) throw new Error('the page script must not contain "</script"');
  const styleSheet = renderers.size > 0 ? readStyleSheet(options.distDir, indexHtml) : undefined;
  const template: DocumentTemplate | undefined = documentTemplate(indexHtml, {
    dataElementId: module?.SERVER_DATA_ID ?? 'server-data',
    pageScript,
    styleSheet,
  });
  if (!template) options.log(`${options.distDir}/index.html is not the app's own: it is served as it is`);

  async function send(request: FastifyRequest, reply: FastifyReply, brand: Brand): Promise<FastifyReply> {
    const url = new URL(request.url, 'http://request.invalid');
    const origin = brand.origin(normalHost(request.hostname));
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Language, User-Agent')
      .type('text/html; charset=utf-8');
    if (!template) return reply.send(indexHtml);
    const renderer = renderers.get(brand);
    if (!renderer) {
      metrics.browserRendered.inc({ brand: brand.key, reason: 'no_renderer' });
      return reply.send(
        template({ language: FALLBACK_LANGUAGE, cardStyle: '', head: '<title>My account</title>', root: '' }),
      );
    }
    const language = renderer.language(
      url.searchParams.get(LANGUAGE_PARAM),
      new Negotiator({ headers: { 'accept-language': request.headers['accept-language'] } }).languages(),
    );
    reply.header('content-language', language);
    const previewTags = (meta: PageMeta) =>
      previewTagsOf({
        ...meta,
        locale: renderer.ogLocale(language),
        url: origin + url.pathname,
        image: absolute(meta.image, origin),
      });
    if (!shedding.enter()) {
      metrics.browserRendered.inc({ brand: brand.key, reason: 'overload' });
      const head = previewTags(renderer.siteMeta(language));
      return reply.send(template({ language, cardStyle: '', head, root: '' }));
    }
    let page: RenderedPage | undefined;
    let readSeconds = 0;
    const started = performance.now();
    try {
      const base = brand.bikeServiceBase();
      const headers = forwardedHeaders(request);
      page = await renderer.render({
        address: url.pathname + url.search,
        language,
        userAgent: request.headers['user-agent'] ?? '',
        readInvite: async (code) => {
          const readStarted = performance.now();
          const answer = await readInvite(base, code, options.inviteTimeoutMs, headers);
          const seconds = (performance.now() - readStarted) / 1000;
          readSeconds += seconds;
          metrics.inviteRead.observe({ brand: brand.key, outcome: answer.outcome }, seconds);
          if (answer.outcome === 'timeout' || answer.outcome === 'error') {
            request.log.warn(
              { brand: brand.key, outcome: answer.outcome, reason: answer.reason, service: new URL(base).origin },
              'invite read failed: the page goes out for the browser to render',
            );
          }
          return answer;
        },
      });
    } catch (error) {
      request.log.error(
        { err: error, brand: brand.key },
        'rendering failed: the page goes out for the browser to render',
      );
    } finally {
      shedding.leave();
    }
    const rendered = page?.rendered ? page : undefined;
    if (rendered) metrics.render.observe({ brand: brand.key }, (performance.now() - started) / 1000 - readSeconds);
    else metrics.browserRendered.inc({ brand: brand.key, reason: page ? 'no_data' : 'render_error' });
    const head = [
      previewTags(page?.meta ?? renderer.siteMeta(language)),
      // The theme paints a rendered page; the app applies it itself to every other one (and a
      // page whose config the browser cannot load stays neutral, as on a static deploy).
      rendered ? themeStyles.get(brand) : '',
      rendered?.head ?? '',
    ]
      .filter(Boolean)
      .join('\n    ');
    const cardStyle = rendered ? renderer.cardStyle : '';
    return reply.send(template({ language, cardStyle, head, root: rendered?.html ?? '', data: rendered?.data }));
  }

  const themeStyles = new Map(
    [...renderers].map(([brand, renderer]) => [brand, `<style>${renderer.themeStyleSheet}</style>`]),
  );
  return {
    send,
    inlineSources: {
      styleHashes: [
        ...new Set([...renderers.values()].map((renderer) => sha256(renderer.themeStyleSheet))),
        ...(styleSheet ? [sha256(styleSheet)] : []),
      ],
      scriptHashes: renderers.size > 0 ? [sha256(pageScript)] : [],
    },
  };
}
