/** A bounded cache of recently rendered pages, keyed by what decides their HTML: a burst of one link renders once. */
export function recentPages<T>(limit: number) {
  const pages = new Map<string, T>();
  return {
    get(key: string): T | undefined {
      const page = pages.get(key);
      if (page === undefined) return undefined;
      pages.delete(key); // most recent last
      pages.set(key, page);
      return page;
    },
    set(key: string, page: T): void {
      pages.set(key, page);
      if (pages.size > limit) pages.delete(pages.keys().next().value!);
    },
  };
}
