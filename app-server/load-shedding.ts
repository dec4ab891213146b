/** Pages go out for the browser to render under sustained pressure or with `maxRendering` in progress
 * (docs/behaviour/server-rendering.md). */
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

/** How often the event loop's delay is sampled, and how many samples in a row make pressure sustained. */
export const PRESSURE_SAMPLE_MS = 100;
export const PRESSURE_SAMPLES = 10;

export type PressureRule = {
  /** One sample: the event loop's mean delay over the last interval, in ms. */
  record(delayMs: number): void;
  /** Whether the process is under sustained pressure: every one of the last `samples` samples over the limit. */
  pressured(): boolean;
};

/** Sustained: the loop's delay above `maxDelayMs` for `samples` samples in a row, ended by one below.
 * A blip (a start's first renders, a collection) is not: shedding then hit a deploy's first visitors. */
export function sustainedPressure(maxDelayMs: number, samples = PRESSURE_SAMPLES): PressureRule {
  let over = 0;
  return {
    record(delayMs) {
      over = maxDelayMs > 0 && delayMs > maxDelayMs ? over + 1 : 0;
    },
    pressured: () => over >= samples,
  };
}
