// What the built renderer (dist-ssr/render-page.js, from render-page.tsx) offers the app server.
// Types only: the app server imports this file with `import type`, and the built module at run time.
import type { AppConfig } from '../config/schema.ts';
import type { Invite } from '../contract/bike-service.ts';
import type { InviteCode } from '../contract/invite-code.ts';
import type { Language, LanguageChoice, Texts } from '../contract/languages.ts';

export type { AppConfig, Language, LanguageChoice, Texts };

/** The app server's anonymous read of an invite (`body` as src/contract/bike-service.ts reads it), or why there is none. */
export type InviteAnswer = { ok: true; body: Invite } | { ok: false; reason: string };

export type PageMeta = {
  title: string;
  description: string;
  siteName: string;
  /** An image path or address as the app uses it; the server makes it absolute. */
  image: string;
};

export type RenderRequest = {
  /** The address: path and query. */
  address: string;
  /** The page's language and why (Renderer.language): the page's data carries both. */
  language: LanguageChoice;
  /** The User-Agent header: the device the page is first rendered for (the browser checks). */
  userAgent: string;
  /** Reads an invite the way an anonymous browser would (the app server's own request). */
  readInvite(code: InviteCode): Promise<InviteAnswer>;
};

export type RenderedPage = {
  /** The preview tags' content: the invite's on its invite page, the brand's on every other. */
  meta: PageMeta;
} & (
  | {
      rendered: true;
      /** Resources React wants in <head> (the photo's preload). */
      head: string;
      /** The routed area's HTML. */
      html: string;
      /** The page's data for the browser, already safe inside a <script> element. */
      data: string;
    }
  /** The page's data could not be had (the service slow, failing, or the invite not pending): the browser renders it. */
  | { rendered: false }
);

export type Renderer = {
  /** The language a page is rendered in, and why (chooseLanguageWhy). */
  language(inputs: { choice: string | undefined; link: string | null; accept: readonly string[] }): LanguageChoice;
  ogLocale(language: Language): string;
  /** The brand's own preview (title, description, invite graphic), for a page sent without rendering. */
  siteMeta(language: Language): PageMeta;
  /** The brand's theme as a style sheet, and its card style, for a page painted before the app runs. */
  themeStyleSheet: string;
  cardStyle: string;
  /**
   * The modules (source paths, as the build's manifest names them) the page at `pathname` with the
   * query `search` loads at once beyond the app's entry, for the page to name them: the page's own
   * when its route loads it, and on a return from the identity service the sign-in code.
   */
  pageModules(pathname: string, search: string): string[];
  /** What the page at `pathname` shows someone signed in: its modules (manifest keys), first GETs, and whether the server renders it. */
  signedIn(pathname: string): { modules: string[]; reads: string[]; part: boolean };
  render(request: RenderRequest): Promise<RenderedPage>;
  /** The signed-in part's HTML from the answers to the reads `signedIn` names, if they make one (decision 0056). */
  renderSignedIn(request: {
    pathname: string;
    language: Language;
    answers: Readonly<Record<string, unknown>>;
  }): string | undefined;
};

export type RendererModule = {
  /** The script every rendered page carries inline, first in its head (src/early/page-script.ts). */
  PAGE_SCRIPT: string;
  /** The script a page with a signed-in side carries inline, after the addresses it reads (src/early/signed-in-script.ts). */
  SIGNED_IN_SCRIPT: string;
  /** Prepares rendering for one brand: its config as the app server read it (once, at its start), and its texts: the build's in its register, with its own words. */
  createRenderer(input: { config: AppConfig; texts: Texts }): Renderer;
};
