// The answer to a page under /my-account/: rendered on the server when it can be, else for the
// browser to render, both with the brand's preview tags (docs/behaviour/server-rendering.md).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fastifyCookie } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';
import { escapeHtml } from '../http-kit/escape-html.ts';
import { cspHash, type CspSources } from '../http-kit/security-headers.ts';
import { FALLBACK_LANGUAGE, LANGUAGE_COOKIE, LANGUAGE_PARAM } from '../src/contract/languages.ts';
import { PAGE_META, pageMeta } from '../src/contract/page-protocol.ts';
import { paths, ROUTE_PREFIX } from '../src/contract/paths.ts';
import { SIGNED_IN_PART_PATH } from '../src/contract/signed-in-part.ts';
import type { AppMetrics, FallbackReason } from './app-metrics.ts';
import { buildTexts, checkBrandTexts } from './brand-texts.ts';
import type { Brand } from './brands.ts';
import { previewTags } from './preview-tags.ts';
import { inviteReader } from './invite-reader.ts';
import type { LoadShedding } from './load-shedding.ts';
import { readModuleFiles, type ModuleFiles } from './module-files.ts';
import { pageTemplate, readStyleSheet, type PageTemplate } from './page-template.ts';
import {
  loadBrandRenderers,
  type BrandRenderers,
  type PageMeta,
  type RenderedPage,
  type Renderer,
} from './renderer-module.ts';

type RenderedOnServer = Extract<RenderedPage, { rendered: true }>;

export type PageResponderOptions = {
  distDir: string;
  ssrDir: string;
  brands: readonly Brand[];
  /** How long a page waits for the invite before the browser is left to render it. */
  inviteTimeoutMs: number;
  metrics: AppMetrics;
  shedding: LoadShedding;
  /** Messages at start (a missing renderer, a foreign index.html). */
  log: (message: string) => void;
};

export type PageResponder = {
  /** Answers a page request under /my-account/ for `brand` (the one its host names). */
  respond(request: FastifyRequest, reply: FastifyReply, brand: Brand): Promise<FastifyReply>;
  renderers: ReadonlyMap<Brand, Renderer>;
  /** What the pages' Content-Security-Policy must allow: every brand's inline theme style, and the page script. */
  inlineSources: Required<Pick<CspSources, 'styleHashes' | 'scriptHashes'>>;
};

type Respond = PageResponder['respond'];

const NO_INLINE_SOURCES: PageResponder['inlineSources'] = { styleHashes: [], scriptHashes: [] };

/** One cookie's value from a request's Cookie header. */
const cookieValue = (header: string | undefined, name: string): string | undefined =>
  header ? fastifyCookie.parse(header)[name] : undefined;

/** The language of the page at `url`: the visitor's choice (cookie), the link's, the browser's, the brand's default. */
export const languageOf = (renderer: Renderer, request: FastifyRequest, url: URL) =>
  renderer.language({
    choice: cookieValue(request.headers.cookie, LANGUAGE_COOKIE),
    link: url.searchParams.get(LANGUAGE_PARAM),
    accept: new Negotiator({ headers: { 'accept-language': request.headers['accept-language'] } }).languages(),
  });

/** Every page goes out as HTML the browser must ask for again on each visit. */
const sendPage = (reply: FastifyReply, html: string) =>
  reply
    .header('cache-control', 'no-cache')
    .header('vary', 'Accept-Language, Cookie, User-Agent')
    .type('text/html; charset=utf-8')
    .send(html);

/** The page responder for a build, or undefined without one; without its renderer, pages render in the browser. */
export async function loadPageResponder(options: PageResponderOptions): Promise<PageResponder | undefined> {
  const indexFile = join(options.distDir, 'index.html');
  if (!existsSync(indexFile)) return undefined;
  const indexHtml = readFileSync(indexFile, 'utf8');
  // A brand whose own words do not fit the build's texts stops the start, naming the key.
  const texts = buildTexts(options.distDir);
  for (const brand of options.brands) checkBrandTexts(brand, texts);
  const built = await loadBrandRenderers(options.ssrDir, options.distDir, options.brands);
  if (!built) options.log(`no server renderer in ${options.ssrDir}: pages are rendered in the browser only`);
  for (const script of [built?.pageScript, built?.signedInScript]) {
    if (script && /<\/script/i.test(script)) throw new Error('an inline script must not contain "</script"');
  }
  const styleSheet = built ? readStyleSheet(options.distDir, indexHtml) : undefined;
  const template = pageTemplate(indexHtml, {
    pageScript: built?.pageScript ?? '',
    styleSheet,
  });
  if (!template) {
    options.log(`${options.distDir}/index.html is not the app's own: it is served as it is`);
    return { respond: asBuilt(indexHtml), renderers: new Map(), inlineSources: NO_INLINE_SOURCES };
  }
  if (!built) {
    return {
      respond: withoutRenderer(template, options.metrics),
      renderers: new Map(),
      inlineSources: NO_INLINE_SOURCES,
    };
  }
  await warmUp(built);
  const themeStyleSheets = [...built.renderers.values()].map((renderer) => renderer.themeStyleSheet);
  return {
    respond: rendering(template, built, readModuleFiles(options.distDir), options, styleSheet),
    renderers: built.renderers,
    inlineSources: {
      styleHashes: [...new Set(themeStyleSheets.map(cspHash)), ...(styleSheet ? [cspHash(styleSheet)] : [])],
      scriptHashes: [built.pageScript, built.signedInScript].filter((script) => script !== undefined).map(cspHash),
    },
  };
}

/** Renders one page before taking requests, so the first visitors do not wait for the JIT. */
async function warmUp(built: BrandRenderers): Promise<void> {
  const renderer = built.renderers.values().next().value;
  await renderer
    ?.render({
      address: ROUTE_PREFIX + paths.home(),
      language: { language: FALLBACK_LANGUAGE, reason: 'default' },
      userAgent: '',
      readInvite: async () => ({ ok: false, reason: 'not read while warming up' }),
    })
    .catch(() => undefined); // a page that fails now fails again when asked for, and is logged then
}

/** An index.html that is not the app's own: every page is that file, as the build wrote it. */
function asBuilt(indexHtml: string): Respond {
  return async (_request, reply) => sendPage(reply, indexHtml);
}

/** A build without its renderer: every page is the neutral page for the browser to render. */
function withoutRenderer(template: PageTemplate, metrics: AppMetrics): Respond {
  const page = template({ language: FALLBACK_LANGUAGE, cardStyle: '', head: '<title>My account</title>', root: '' });
  return async (_request, reply, brand) => {
    metrics.browserRendered.inc({ brand: brand.key, reason: 'no_renderer' });
    return sendPage(reply, page);
  };
}

function absolute(pathOrUrl: string, origin: string): string {
  try {
    return new URL(pathOrUrl, origin).href;
  } catch {
    return origin;
  }
}

/** The page module's files: named for the page script to fetch with the app (decision 0025), or
 * preloaded at once on a page for the browser to render, which shows nothing without them. */
const moduleTags = (files: string[], rendered: boolean) =>
  files.map((file) =>
    rendered
      ? pageMeta(PAGE_META.module, escapeHtml(file))
      : `<link rel="modulepreload" crossorigin href="${escapeHtml(file)}" />`,
  );

/** A page rendered on the server, or for the browser when shed, late or failing (the reason counted). */
function rendering(
  template: PageTemplate,
  built: BrandRenderers,
  moduleFiles: ModuleFiles,
  options: PageResponderOptions,
  styleSheet: string | undefined,
): Respond {
  const { metrics, shedding } = options;
  const themeStyles = new Map(
    [...built.renderers].map(([brand, renderer]) => [brand, `<style>${renderer.themeStyleSheet}</style>`]),
  );
  // A rendered page's policy allows its own inline styles and scripts only (decisions 0054, 0056).
  const scriptHashes = [cspHash(built.pageScript)];
  const signedInScriptHashes = built.signedInScript ? [...scriptHashes, cspHash(built.signedInScript)] : scriptHashes;
  const pageStyles = new Map(
    [...built.renderers].map(([brand, renderer]) => [
      brand,
      [cspHash(renderer.themeStyleSheet), ...(styleSheet ? [cspHash(styleSheet)] : [])],
    ]),
  );

  async function page(request: FastifyRequest, reply: FastifyReply, brand: Brand): Promise<string> {
    const renderer = built.renderers.get(brand);
    if (!renderer) throw new Error(`no renderer for the brand ${brand.key}`);
    const url = new URL(request.url, 'http://request.invalid');
    // The request's one reading of its host (http-kit/one-reading.ts), as the brand check read it.
    const origin = brand.origin(request.authority?.hostname ?? '');
    const choice = languageOf(renderer, request, url);
    const { language } = choice;
    // The page says which language it chose (its Vary names what it chose it from).
    reply.header('content-language', language);
    const modules = moduleFiles(renderer.pageModules(url.pathname, url.search));
    const side = renderer.signedIn(url.pathname);
    const signedInScript = side.reads.length > 0 ? built.signedInScript : undefined;
    const signedIn = [
      ...moduleFiles(side.modules, 'styles').map((file) => pageMeta(PAGE_META.signedIn, escapeHtml(file))),
      ...side.reads.map((read) => pageMeta(PAGE_META.sessionRead, escapeHtml(read))),
      ...(side.part ? [pageMeta(PAGE_META.signedInPart, SIGNED_IN_PART_PATH)] : []),
      ...(signedInScript ? [`<script>${signedInScript}</script>`] : []),
    ];
    const preview = (meta: PageMeta) =>
      previewTags({
        ...meta,
        locale: renderer.ogLocale(language),
        url: origin + url.pathname,
        image: absolute(meta.image, origin),
      });

    // The two outcomes: the page for the browser to render, with the reason; the rendered page.
    const forBrowser = (reason: FallbackReason, meta: PageMeta) => {
      metrics.browserRendered.inc({ brand: brand.key, reason });
      const head = [preview(meta), ...moduleTags(modules, false), ...signedIn].join('\n    ');
      return template({ language, cardStyle: '', head, root: '' });
    };
    const serverRendered = (rendered: RenderedOnServer, renderSeconds: number) => {
      metrics.render.observe({ brand: brand.key }, renderSeconds);
      reply.header(
        'content-security-policy',
        request.server.cspWithInline({
          styleHashes: pageStyles.get(brand)!,
          scriptHashes: signedInScript ? signedInScriptHashes : scriptHashes,
        }),
      );
      // The theme paints a rendered page; the app applies it on every other one.
      const head = [
        preview(rendered.meta),
        themeStyles.get(brand),
        rendered.head,
        ...moduleTags(modules, true),
        ...signedIn,
      ]
        .filter(Boolean)
        .join('\n    ');
      return template({ language, cardStyle: renderer.cardStyle, head, root: rendered.html, data: rendered.data });
    };

    if (!shedding.enter()) return forBrowser('overload', renderer.siteMeta(language));
    const started = performance.now();
    try {
      const reader = inviteReader(request, brand, options.inviteTimeoutMs, metrics);
      const rendered = await renderer.render({
        address: url.pathname + url.search,
        language: choice,
        userAgent: request.headers['user-agent'] ?? '',
        readInvite: reader.read,
      });
      if (!rendered.rendered) return forBrowser('no_data', rendered.meta);
      return serverRendered(rendered, (performance.now() - started) / 1000 - reader.seconds);
    } catch (error) {
      request.log.error(
        { err: error, brand: brand.key },
        'rendering failed: the page goes out for the browser to render',
      );
      return forBrowser('render_error', renderer.siteMeta(language));
    } finally {
      shedding.leave();
    }
  }

  return async (request, reply, brand) => sendPage(reply, await page(request, reply, brand));
}
