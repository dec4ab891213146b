// What a log line may show of client text: everything but its secrets, found by what they are
// (an invite code after `invite/`, a sign-in code, state, token or password parameter however
// nested or encoded, anything token-shaped, a URL's userinfo).

/** Parameters whose values are secrets, compared in lower case. */
const SECRET_NAMES = new Set([
  'code',
  'state',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'code_verifier',
  'password',
  'client_secret',
  'invite',
  'invite_code',
]);

/** A value shortened to what identifies it for a person reading logs, never the whole of it. */
export function shorten(value: string): string {
  return value.length <= 2 ? '…' : `${value.slice(0, 2)}…`;
}

/** Every run of percent-escapes that decodes, decoded; the others left as they are. */
function decodeOnce(text: string): string {
  return text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

/** Decoded until it no longer changes (an address inside a parameter inside a parameter…), within reason. */
function decodeFully(text: string): string {
  let current = text;
  for (let round = 0; round < 5; round++) {
    const next = decodeOnce(current);
    if (next === current) break;
    current = next;
  }
  return current;
}

/** Dot segments resolved, backslashes read as `/`: the path a URL parser would make of it. */
function resolvePaths(text: string): string {
  let current = text.replaceAll('\\', '/');
  for (let round = 0; round < 20; round++) {
    const next = current.replace(/\/\.(?=\/|$)/g, '').replace(/\/(?!\.\.(?:\/|$))[^/?#&=\s]+\/\.\.(?=\/|$)/, '');
    if (next === current) break;
    current = next;
  }
  return current;
}

const INVITE_SEGMENT = /(\/invite(?:-code)?\/+)([^/?#&;=\s]+)/gi;
const PARAMETER = /(^|[?&#;\s])([^=&?#;\s]+)=([^&?#;\s]*)/g;
const TOKEN_SHAPED = /[A-Za-z0-9_-]{32,}/g;
const USERINFO = /(\/\/)[^/?#@\s]*@/g;

function redactDecoded(text: string): string {
  return text
    .replace(USERINFO, '$1…@')
    .replace(INVITE_SEGMENT, (_match, prefix: string, code: string) => prefix + shorten(code))
    .replace(PARAMETER, (match, before: string, name: string, value: string) =>
      SECRET_NAMES.has(name.toLowerCase()) && value !== '' ? `${before}${name}=${shorten(value)}` : match,
    )
    .replace(TOKEN_SHAPED, shorten);
}

/** `text` as a log line may show it: as sent when it holds no secret, else each secret cut to two characters. */
export function redact(text: string): string {
  const decoded = resolvePaths(decodeFully(text));
  const redacted = redactDecoded(decoded);
  return redacted === decoded ? text : redacted;
}
