// The address of a request as the router reads it, so that every rule keyed on a path prefix
// (`/api/`, `/ids/`, the build's files) reads the same one: there is no second spelling.

/**
 * The request target with its path decoded as the router (find-my-way) decodes it: every
 * percent-escape but those of `# $ & + , / : ; = ? @` and `%` itself, which keep their meaning as
 * delimiters. The query is left as sent. A path that does not decode is returned as sent, for the
 * router to refuse (400).
 */
export function routerUrl(url: string): string {
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  if (!path.includes('%')) return url;
  try {
    return decodeURI(path.replaceAll('%25', '%2525')) + (end === -1 ? '' : url.slice(end));
  } catch {
    return url;
  }
}

// A dot segment, or a backslash (a URL parser reads it as `/`).
const AMBIGUOUS_PATH = /(^|\/)\.\.?(\/|$)|\\/;

/** Whether `text` holds a control character (a decoded `%00`, `%0A`, …). */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * Whether a (router-decoded) request target is one the servers take: a path from the root
 * (origin form, so no second host in an absolute URL) without dot segments or backslashes,
 * which a URL parser would resolve into another path than the router matched, nor control characters.
 */
export function isPlainTarget(url: string): boolean {
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  return path.startsWith('/') && !AMBIGUOUS_PATH.test(path) && !hasControlCharacter(path);
}
