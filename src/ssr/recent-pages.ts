/**
 * The most recently rendered pages, by everything that decides their HTML: the address, the
 * language and the bike service's answer. The invite is still read on every request, so a changed
 * invite is a new key and never served stale. A burst of fetches of one link — a group chat's
 * previews, everyone opening it at once — renders it once. Per process and bounded: no shared state.
 */
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
