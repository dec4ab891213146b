/**
 * Load shedding for server rendering: a page goes out for the browser to render (cheap, no
 * bike-service read) instead of being rendered when the process is behind — its event loop lags
 * (`underPressure`, from @fastify/under-pressure) — or `maxRendering` pages are being rendered
 * already. An overloaded process so answers everyone quickly rather than everyone late.
 */
export type LoadShedding = {
  /** Takes a rendering slot; false when the page is to be shed. */
  enter(): boolean;
  leave(): void;
};

export function createLoadShedding(maxRendering: number, underPressure: () => boolean = () => false): LoadShedding {
  let rendering = 0;
  return {
    enter() {
      if (rendering >= maxRendering || underPressure()) return false;
      rendering++;
      return true;
    },
    leave() {
      rendering--;
    },
  };
}
