// The only module that touches localStorage/sessionStorage; names and keys: src/contract/stored-session.ts.
import { SESSION_NAMES, STORAGE_PREFIX, storageKey, type StoredName } from '../contract/stored-session.ts';

export { storageKey, type StoredName };

type Area = 'local' | 'session';

// Where storage is unavailable (private modes, quota), values live in memory for the tab.
const memory: Record<Area, Map<string, string>> = { local: new Map(), session: new Map() };

function areaOf(name: StoredName): Area {
  return SESSION_NAMES.has(name) ? 'session' : 'local';
}

function backing(area: Area): Storage | undefined {
  try {
    const storage = area === 'local' ? window.localStorage : window.sessionStorage;
    return storage ?? undefined;
  } catch {
    return undefined;
  }
}

function readRaw(area: Area, key: string): string | null {
  const storage = backing(area);
  if (storage) {
    try {
      const value = storage.getItem(key);
      if (value !== null) return value;
    } catch {}
  }
  return memory[area].get(key) ?? null;
}

export function readStored<T = unknown>(name: StoredName): T | undefined {
  const raw = readRaw(areaOf(name), storageKey(name));
  if (raw === null) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    return value === null ? undefined : (value as T);
  } catch {
    return undefined; // a value that does not parse as JSON reads as absent
  }
}

export function writeStored(name: StoredName, value: unknown): void {
  if (value === undefined || value === null) return removeStored(name);
  const area = areaOf(name);
  const key = storageKey(name);
  const raw = JSON.stringify(value);
  memory[area].delete(key);
  try {
    const storage = backing(area);
    if (storage) return storage.setItem(key, raw);
  } catch {
    // quota or disabled storage: keep it for this tab
  }
  memory[area].set(key, raw);
}

export function removeStored(name: StoredName): void {
  const area = areaOf(name);
  const key = storageKey(name);
  memory[area].delete(key);
  try {
    backing(area)?.removeItem(key);
  } catch {}
}

/** A cookie for the app's own server (the whole site, a year, not sent along cross-site requests); `value` needs no encoding. */
export function writeCookie(name: string, value: string): void {
  document.cookie = `${name}=${value};path=/;max-age=${365 * 24 * 3600};samesite=lax`;
}

/** Calls `listener` with the name of an app value another tab changed (the `storage` event). */
export function onStoredChangeElsewhere(listener: (name: StoredName) => void): () => void {
  const handler = (event: StorageEvent) => {
    if (event.key === null) return listener('access_token'); // another tab cleared everything
    if (!event.key.startsWith(STORAGE_PREFIX)) return;
    listener(event.key.slice(STORAGE_PREFIX.length) as StoredName);
  };
  window.addEventListener('storage', handler);
  return () => window.removeEventListener('storage', handler);
}
