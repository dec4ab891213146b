import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';
import type { CspSources } from '../server/http/security-headers.ts';
import { documentTemplate, type DocumentTemplate } from './document.ts';
import { previewTags } from './head-tags.ts';
import { readInvite } from './invite-reader.ts';
import { recentPages } from './recent-pages.ts';
import type { Invite, Language, Renderer, RendererModule, Texts } from './renderer-module.ts';

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
  /** What the pages' Content-Security-Policy must allow: their inline theme style and starter script. */
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

/** app-server/browser/start-app.js, which a rendered page carries inline. */
function readStarter(): string {
  const text = readFileSync(new URL('browser/start-app.js', import.meta.url), 'utf8').trim();
  if (/<\/script/i.test(text)) throw new Error('start-app.js must not contain "</script"');
  return text;
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
 * The app server's documents: the invite, decline and invalid pages rendered with React (the
 * browser hydrates them), every other page as the build's index.html for the browser to render.
 * Both carry the brand's theme and link-preview tags. With no renderer (not built, or a config the
 * app refuses) every page is the static one, as on a static deploy.
 */
export function createDocumentHandler(module: RendererModule | undefined, options: DocumentOptions): DocumentHandler {
  const indexHtml = readFileSync(join(options.distDir, 'index.html'), 'utf8');
  const texts = readTexts(options.distDir);
  const prepared = module?.createRenderer({ configText: options.configText, texts });
  if (prepared && !prepared.ok)
    options.log(`not rendering pages on the server: the config is refused (${prepared.detail})`);
  const renderer: Renderer | undefined = prepared?.ok ? prepared.renderer : undefined;
  const starter = readStarter();
  const template: DocumentTemplate | undefined = documentTemplate(indexHtml, {
    dataElementId: module?.SERVER_DATA_ID ?? 'server-data',
    starter,
  });
  if (!template) options.log(`${options.distDir}/index.html is not the app's own: it is served as it is`);
  const themeStyle = renderer ? `<style>${renderer.themeStyleSheet}</style>` : '';
  const configJson: unknown = JSON.parse(options.configText);
  const recent = recentPages<{ head: string; html: string }>(256);

  // Only the page's own language: every language has every key (src/i18n/translations.test.ts),
  // so the English fallback would never be read, and the page is smaller without it. Another
  // language is fetched when the visitor switches.
  const textsFor = (language: Language): Texts => ({ [language]: texts[language] });

  async function send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const url = new URL(request.url, 'http://request.invalid');
    const origin = options.publicUrl ?? `${request.protocol}://${request.host}`;
    reply.header('cache-control', 'no-cache').header('vary', 'Accept-Language').type('text/html; charset=utf-8');
    if (!template) return reply.send(indexHtml);
    if (!renderer || !module) {
      return reply.send(template({ language: 'en', cardStyle: '', head: '<title>My account</title>', root: '' }));
    }
    const language = renderer.language(
      url.searchParams.get('lang'),
      new Negotiator({ headers: { 'accept-language': request.headers['accept-language'] } }).languages(),
    );
    const plan = module.planPage(url.pathname);

    let invite: Invite | undefined;
    let code: string | undefined;
    if (plan.render && plan.route !== 'invalid') {
      const base = options.bikeServiceUrl() ?? absolute(renderer.bikeBase, options.serviceOrigin?.() ?? origin);
      const answer = await readInvite(base, plan.code, options.inviteTimeoutMs);
      invite = answer.ok ? module.pendingInvite(answer.body) : undefined;
      code = plan.code;
    }
    const address = url.pathname + url.search;
    const key = `${language} ${address} ${JSON.stringify(invite ?? null)}`;
    const rendered =
      plan.render && (plan.route === 'invalid' || invite)
        ? (recent.get(key) ??
          (await renderer.render(address, language, invite && code ? { code, body: invite } : undefined).then(
            (page) => {
              recent.set(key, page);
              return page;
            },
            (error: unknown) => {
              options.log(`rendering ${url.pathname} failed, sending the static page: ${String(error)}`);
              return undefined;
            },
          )))
        : undefined;

    // The invite's own preview only on the invite page; every other page is the brand's.
    const meta = renderer.meta(language, plan.render && plan.route === 'invite' ? invite : undefined);
    const head = [
      previewTags({
        ...meta,
        locale: renderer.ogLocale(language),
        url: origin + url.pathname,
        image: absolute(meta.image, origin),
      }),
      // The theme paints a rendered page; the app applies it itself to every other one (and a
      // page whose config the browser cannot load stays neutral, as on a static deploy).
      rendered ? themeStyle : '',
      rendered?.head ?? '',
    ]
      .filter(Boolean)
      .join('\n    ');
    const data = rendered
      ? module.serializeServerData({
          config: configJson,
          language,
          texts: textsFor(language),
          ...(invite && code ? { invite: { code, body: invite } } : {}),
        })
      : undefined;
    const cardStyle = rendered ? renderer.cardStyle : '';
    return reply.send(template({ language, cardStyle, head, root: rendered?.html ?? '', data }));
  }

  return {
    send,
    inlineSources: {
      styleHashes: renderer ? [sha256(renderer.themeStyleSheet)] : [],
      scriptHashes: renderer ? [sha256(starter)] : [],
    },
  };
}
