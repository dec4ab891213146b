// What a server-rendered page carries for the browser to hydrate it: inert JSON in
// <script type="application/json" id="server-data"> (never executed, so no CSP exception), read
// once at start-up. Shared by the app server (which writes it) and src/main.tsx (which reads it).
import type { Language } from '../rules/languages.ts';

export const SERVER_DATA_ID = 'server-data';

export type ServerData = {
  /** The config file as the server read it; the browser validates and merges it as if fetched. */
  config: unknown;
  /** The language the server rendered in; the browser hydrates in it, then follows its own choice. */
  language: Language;
  /** Texts for `language` and its English fallback. */
  texts: Partial<Record<Language, Record<string, unknown>>>;
  /** The bike service's answer for the invite on the page, when it has one. */
  invite?: { code: string; body: unknown };
};

/**
 * JSON that is safe inside a <script> element: `<` (so no `</script>` or `<!--` ends or changes
 * it), `>`, `&` and the two line separators JavaScript once refused are written as escapes.
 */
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
