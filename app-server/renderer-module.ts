import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

// The shape of dist-ssr/render-page.js (built from src/ssr/render-page.tsx), written out here
// because the server's type check does not compile the app's JSX. documents.test.ts and
// slow-service.test.ts drive the built module through this type, so a drift fails them.

export type Language = 'nl' | 'en' | 'de';
export type Texts = Partial<Record<Language, Record<string, unknown>>>;
export type Invite = { owner_display_name: string; bike_name: string; bike_image_url: string; type?: string };
export type PagePlan =
  | { render: false }
  | { render: true; route: 'invalid'; code: string }
  | { render: true; route: 'invite' | 'decline'; code: string };
export type PageMeta = { title: string; description: string; siteName: string; image: string };
export type ServerData = {
  config: unknown;
  language: Language;
  texts: Texts;
  invite?: { code: string; body: unknown };
};

export type Renderer = {
  config: { app: string; languages: readonly Language[]; appStore?: unknown };
  bikeBase: string;
  language(linkLanguage: string | null, acceptLanguages: readonly string[]): Language;
  ogLocale(language: Language): string;
  meta(language: Language, invite?: Invite): PageMeta;
  themeStyleSheet: string;
  cardStyle: string;
  render(
    address: string,
    language: Language,
    invite?: { code: string; body: Invite },
  ): Promise<{ head: string; html: string }>;
};

export type RendererModule = {
  SERVER_DATA_ID: string;
  serializeServerData(data: ServerData): string;
  planPage(pathname: string): PagePlan;
  pendingInvite(body: unknown): Invite | undefined;
  createRenderer(input: {
    configText: string;
    texts: Texts;
  }): { ok: true; renderer: Renderer } | { ok: false; detail: string };
};

export const RENDERER_FILE = 'render-page.js';

/** The built renderer in `ssrDir`; undefined when there is none (the app was built without it). */
export async function loadRendererModule(ssrDir: string): Promise<RendererModule | undefined> {
  const file = join(resolve(ssrDir), RENDERER_FILE);
  if (!existsSync(file)) return undefined;
  return (await import(pathToFileURL(file).href)) as RendererModule;
}
