// A rendered page's data for hydration: inert JSON in <script type="application/json">, no CSP exception.
import type { HydrationState } from 'react-router';
import type { AppConfig } from '../config/schema.ts';
import type { Language, LanguageReason, Texts } from '../contract/languages.ts';
import { SERVER_DATA_ID } from '../contract/page-protocol.ts';

export type ServerData = {
  /** The config as the server validated and merged it. */
  config: AppConfig;
  /** The brand's name, from its theme. */
  brand: string;
  /** The language the server chose, and why: the browser keeps it (keptLanguage, src/i18n/choose-language.ts). */
  language: Language;
  languageReason: LanguageReason;
  /** The texts of `language`. */
  texts: Texts;
  /** The router's state after the page's loaders ran: the invite, the server's guess at the device. */
  router: HydrationState;
};

/** JSON safe inside a <script> element: `<`, `>`, `&`, U+2028 and U+2029 written as escapes. */
export function serializeServerData(data: ServerData): string {
  return JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The server's data when this page was rendered by it; undefined for the plain static page. */
export function readServerData(doc: Document = document): ServerData | undefined {
  const text = doc.getElementById(SERVER_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as ServerData;
  } catch {
    return undefined; // then the app starts as on a static page
  }
}
