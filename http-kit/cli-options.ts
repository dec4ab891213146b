// A server's options from its flags and environment; every problem names the option.
import { parseTrustedProxies } from './trusted-proxies.ts';

export function optionError(option: string, problem: string): Error {
  return new Error(`--${option}: ${problem}`);
}

/** The flag's value, else the environment variable's; an empty one counts as not given. */
export function flagOrEnv(flag: string | undefined, env: NodeJS.ProcessEnv, name: string): string | undefined {
  return flag ?? (env[name] || undefined);
}

export function wholeNumber<T>(value: string | undefined, option: string, min: number, fallback: T): number | T {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw optionError(option, `must be a whole number >= ${min}, got "${value}"`);
  return n;
}

export function httpAddress(value: string, option: string): URL;
export function httpAddress(value: string | undefined, option: string): URL | undefined;
export function httpAddress(value: string | undefined, option: string): URL | undefined {
  if (value === undefined) return undefined;
  const url = URL.parse(value);
  if (!url || !/^https?:$/.test(url.protocol)) throw optionError(option, `"${value}" is not an http(s) address`);
  return url;
}

export function trustProxyOption(value: string | undefined): string[] {
  if (value === undefined) return [];
  try {
    return parseTrustedProxies(value);
  } catch (error) {
    throw optionError('trust-proxy', (error as Error).message);
  }
}
