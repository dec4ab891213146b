/**
 * Load shedding for server rendering: past `maxRendering` pages being rendered at once, a page
 * goes out for the browser to render (cheap, no bike-service read) instead of queueing behind the
 * others, so an overloaded process answers everyone quickly rather than everyone late.
 */
export type LoadShedding = {
  /** Takes a rendering slot; false when all are taken (shed this page). */
  enter(): boolean;
  leave(): void;
};

export function createLoadShedding(maxRendering: number): LoadShedding {
  let rendering = 0;
  return {
    enter() {
      if (rendering >= maxRendering) return false;
      rendering++;
      return true;
    },
    leave() {
      rendering--;
    },
  };
}
