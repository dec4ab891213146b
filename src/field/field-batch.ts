import {
  FIELD_MAX_ITEMS,
  FIELD_PATH,
  type FieldBody,
  type FieldEvent,
  type FieldVitalSample,
} from '../contract/field-data.ts';

export type Post = (url: string, body: string) => void;

/** sendBeacon, which outlives the page; fetch with keepalive where the beacon is refused. */
export const beaconPost: Post = (url, body) => {
  if (navigator.sendBeacon?.(url, body)) return;
  void fetch(url, {
    method: 'POST',
    body,
    keepalive: true,
    credentials: 'omit',
    headers: { 'content-type': 'text/plain' },
  }).catch(() => undefined);
};

export type FieldBatch = {
  event(event: FieldEvent): void;
  vital(sample: FieldVitalSample): void;
  flush(): void;
};

/** One body when the page is hidden or left, or when it is full: a few requests a page. */
export function createFieldBatch(post: Post = beaconPost): FieldBatch {
  let body: Required<FieldBody> = { events: [], vitals: [] };
  const flush = () => {
    if (body.events.length + body.vitals.length === 0) return;
    const sent = body;
    body = { events: [], vitals: [] };
    post(FIELD_PATH, JSON.stringify(sent));
  };
  const full = () => body.events.length >= FIELD_MAX_ITEMS || body.vitals.length >= FIELD_MAX_ITEMS;
  return {
    event(event) {
      body.events.push(event);
      if (full()) flush();
    },
    vital(sample) {
      body.vitals.push(sample);
      if (full()) flush();
    },
    flush,
  };
}
