import type { FieldEvent } from '../contract/field-data.ts';

// The journey's events, kept here until the field code (loaded once the page is usable) takes them.

const KEPT_AT_MOST = 32;
const kept: FieldEvent[] = [];
let sink: ((event: FieldEvent) => void) | undefined;

/** Notes that `event` happened; nothing leaves the page unless the field code starts (docs/field-data.md). */
export function recordField(event: FieldEvent): void {
  if (sink) sink(event);
  else if (kept.length < KEPT_AT_MOST) kept.push(event);
}

/** Hands what was kept, and what follows, to `to`, until the function returned is called. */
export function takeFieldEvents(to: (event: FieldEvent) => void): () => void {
  sink = to;
  for (const event of kept.splice(0)) to(event);
  return () => {
    if (sink === to) sink = undefined;
  };
}
