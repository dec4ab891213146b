// The address as the router reads it, so every rule keyed on a path prefix reads the same one.

/** The target with its path decoded as find-my-way decodes it (delimiters kept); as sent when it does not decode. */
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

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** A path from the root, without dot segments, backslashes or control characters, which a URL
 * parser would resolve into another path than the router matched. */
export function isPlainTarget(url: string): boolean {
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  return path.startsWith('/') && !AMBIGUOUS_PATH.test(path) && !hasControlCharacter(path);
}
