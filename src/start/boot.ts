import type { ReactNode } from 'react';
import type { HydrationState } from 'react-router';
import type { ServerData } from '../app/server-data.ts';
import { applyTheme } from '../brand/apply-theme.ts';
import { loadConfig } from '../config/load-config.ts';
import type { AppConfig } from '../config/schema.ts';
import type { Theme } from '../contract/themes.ts';
import {
  chooseLanguage,
  FALLBACK_LANGUAGE,
  SUPPORTED_LANGUAGES,
  type Language,
  type Texts,
} from '../contract/languages.ts';
import { keptLanguage, languageCandidates } from '../i18n/choose-language.ts';
import { fetchTexts, fetchTranslations } from '../i18n/setup-i18n.ts';
import type { ReactRoot } from './react-dom.ts';

/** What the app starts from. */
export type Boot = {
  ok: true;
  config: AppConfig;
  /** The brand's name (its theme's). */
  brand: string;
  /** The language the page is first shown in: the server's, else this browser's choice. */
  language: Language;
  /** The language kept (keptLanguage on a rendered page), which the page turns to once shown. */
  chosen: Language;
  /** The texts of `language` (and English to fall back on); fetched while the session and the routes start. */
  texts: Promise<Texts>;
  /** Whether the app hydrates the server's HTML (createApp's serverPage). */
  serverPage: boolean;
  /** The router's state the server's loaders left; none on a page the browser renders alone. */
  hydrationData?: HydrationState;
  /**
   * Puts the app on the page: hydrates the server's HTML (which carries the brand's theme), or
   * applies the theme and renders into the empty root.
   */
  show(root: HTMLElement, app: ReactNode, dom: ReactRoot): void;
};

/** No config to start from: the problem, and the texts of the browser's language among all the app has. */
export type BootFailure = { ok: false; problem: string; language: Language; texts: Promise<Texts> };

/** A page the server rendered: everything is in its data; the app hydrates its HTML. */
export function bootFromPage(data: ServerData): Boot {
  return {
    ok: true,
    config: data.config,
    brand: data.brand,
    language: data.language,
    chosen: keptLanguage({ language: data.language, reason: data.languageReason }, data.config.languages),
    texts: Promise.resolve(data.texts),
    serverPage: true,
    hydrationData: data.router,
    show(root, app, dom) {
      // No mismatch reported by Preact: e2e/server-rendering.spec.ts watches the nodes (decision 0050).
      dom.hydrateRoot(root, app);
    },
  };
}

/**
 * What is wrong with the brand's own words, checked against English's texts as the app server checks
 * them (a page it rendered carries a config it checked); none without such words.
 */
async function ownWordsProblems(config: AppConfig): Promise<string[]> {
  if (!config.texts) return [];
  const [english, { brandTextProblems }] = await Promise.all([
    fetchTranslations(FALLBACK_LANGUAGE),
    import('../config/brand-texts.ts'),
  ]);
  return english
    ? brandTextProblems(config.texts, english)
    : ['texts: the English texts to check them against are missing'];
}

/** A page the browser renders alone: the config, then the texts of the language it offers and this browser prefers. */
export async function bootFromNetwork(): Promise<Boot | BootFailure> {
  // The table of themes is a chunk of its own: a rendered page carries its theme and brand's name.
  const themes = import('../contract/themes.ts');
  themes.catch(() => undefined); // reported below, once the config has answered
  const loaded = await loadConfig();
  const offered = loaded.ok ? loaded.config.languages : SUPPORTED_LANGUAGES;
  const language = chooseLanguage(languageCandidates(), offered, loaded.ok ? loaded.config.defaultLanguage : undefined);
  const texts = fetchTexts(language, offered, undefined, loaded.ok ? loaded.config : undefined);
  if (!loaded.ok) return { ok: false, problem: `${loaded.problem}: ${loaded.detail}`, language, texts };
  const problems = await ownWordsProblems(loaded.config);
  if (problems.length > 0)
    return { ok: false, problem: `invalid: ${problems.join('\n')}`, language, texts: fetchTexts(language, offered) };
  let theme: Theme;
  try {
    theme = (await themes).themeFor(loaded.config.app);
  } catch (error) {
    return { ok: false, problem: `unreachable: ${(error as Error).message}`, language, texts };
  }
  return {
    ok: true,
    config: loaded.config,
    brand: theme.name,
    language,
    chosen: language,
    texts,
    serverPage: false,
    show(root, app, dom) {
      applyTheme(theme);
      dom.createRoot(root).render(app);
    },
  };
}
