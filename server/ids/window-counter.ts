// Counts per key in fixed windows (docs/behaviour/hardening.md#the-reference-server). An entry is never
// forgotten before its window ends, so no flood frees a limited client; past `maxKeys`, new keys fail closed.

export type WindowCounterOptions = { windowMs: number; maxKeys: number };

export type WindowCount = {
  /** The key's count in its current window, this hit included; Infinity when the table was full. */
  count: number;
  /** Milliseconds until the key's window is over. */
  resetInMs: number;
};

export type WindowCounter = ReturnType<typeof createWindowCounter>;

export function createWindowCounter({ windowMs, maxKeys }: WindowCounterOptions) {
  // Kept in the order their windows started, so the ones that are over are always at the front.
  const entries = new Map<string, { count: number; since: number }>();
  const current = (key: string, now: number) => {
    const entry = entries.get(key);
    return entry !== undefined && now - entry.since < windowMs ? entry : undefined;
  };
  const forgetFinished = (now: number) => {
    for (const [key, entry] of entries) {
      if (now - entry.since < windowMs) return;
      entries.delete(key);
    }
  };
  return {
    hit(key: string, now: number): WindowCount {
      forgetFinished(now);
      const entry = current(key, now);
      if (entry) {
        entry.count++;
        return { count: entry.count, resetInMs: windowMs - (now - entry.since) };
      }
      entries.delete(key);
      if (entries.size >= maxKeys) {
        const oldest = entries.values().next().value;
        return { count: Number.POSITIVE_INFINITY, resetInMs: oldest ? windowMs - (now - oldest.since) : windowMs };
      }
      entries.set(key, { count: 1, since: now });
      return { count: 1, resetInMs: windowMs };
    },
    /** Whether a key that is not in the table now would be refused a place in it. */
    full(now: number): boolean {
      forgetFinished(now);
      return entries.size >= maxKeys;
    },
    count(key: string, now: number): number {
      return current(key, now)?.count ?? 0;
    },
    /** Forgets `key` (after a successful login: its failures start again). */
    forget(key: string): void {
      entries.delete(key);
    },
    get size(): number {
      return entries.size;
    },
  };
}

type StoreCallback = (error: Error | null, result: { current: number; ttl: number }) => void;

/** A window counter as @fastify/rate-limit's `store`, whose own forgets the least recent key when full. */
export function windowStore(maxKeys: number) {
  return class WindowStore {
    #counters = new Map<number, WindowCounter>();

    #counter(windowMs: number): WindowCounter {
      let counter = this.#counters.get(windowMs);
      if (!counter) this.#counters.set(windowMs, (counter = createWindowCounter({ windowMs, maxKeys })));
      return counter;
    }

    incr(key: string, callback: StoreCallback, windowMs: number): void {
      const { count, resetInMs } = this.#counter(windowMs).hit(key, Date.now());
      callback(null, { current: count, ttl: resetInMs });
    }

    read(key: string, callback: StoreCallback, windowMs: number): void {
      callback(null, { current: this.#counter(windowMs).count(key, Date.now()), ttl: windowMs });
    }

    child(): WindowStore {
      return new WindowStore();
    }
  };
}
