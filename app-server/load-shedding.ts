/**
 * A page goes out for the browser to render instead when the event loop lags (`underPressure`) or
 * `maxRendering` pages are in progress (docs/behaviour/server-rendering.md).
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
