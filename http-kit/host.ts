// The one reading of a `Host` (or a trusted proxy's `X-Forwarded-Host`): an RFC 9110 host and
// optional port only, so no part of either server reads the same header as another host.
import { isIPv4, isIPv6 } from 'node:net';

/** A request's host: its name in lower case without a trailing dot (an IPv6 address in brackets), and its port. */
export type Authority = { hostname: string; port: number | undefined };

// A DNS label: letters, digits, `-` inside, `_` for the service names some internal DNS uses.
const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;
// 1 to 65535, without leading zeros, so that one port has one spelling.
const PORT = /^[1-9]\d{0,4}$/;

function port(text: string | undefined): number | undefined | null {
  if (text === undefined) return undefined;
  return PORT.test(text) && Number(text) <= 65_535 ? Number(text) : null;
}

function ipLiteral(value: string): { hostname: string; rest: string } | undefined {
  const end = value.indexOf(']');
  const address = value.slice(1, end);
  // No zone identifier: it names an interface of the client's machine, never a host of this server.
  if (end === -1 || address.includes('%') || !isIPv6(address)) return undefined;
  return { hostname: new URL(`http://[${address}]`).hostname, rest: value.slice(end + 1) };
}

function name(value: string): string | undefined {
  const hostname = value.toLowerCase().replace(/\.$/, '');
  const labels = hostname.split('.');
  if (hostname.length > 253 || !labels.every((label) => LABEL.test(label))) return undefined;
  // A name ending in a number is an IPv4 address to a URL parser (`127.1`, `0x7f.1`): only the dotted quad is one here.
  if (/^(\d+|0x[0-9a-f]*)$/.test(labels.at(-1)!) && !isIPv4(hostname)) return undefined;
  return hostname;
}

export function parseHost(value: string): Authority | undefined {
  if (value.startsWith('[')) {
    const literal = ipLiteral(value);
    if (!literal || (literal.rest !== '' && !literal.rest.startsWith(':'))) return undefined;
    const parsed = port(literal.rest === '' ? undefined : literal.rest.slice(1));
    return parsed === null ? undefined : { hostname: literal.hostname, port: parsed };
  }
  const colon = value.indexOf(':');
  const hostname = name(colon === -1 ? value : value.slice(0, colon));
  const parsed = port(colon === -1 ? undefined : value.slice(colon + 1));
  return hostname === undefined || parsed === null ? undefined : { hostname, port: parsed };
}
