// The SVG `npm run bench:journey` draws: a lane per variant, its steps, taps and requests on a time axis.
import { escapeHtml as escape } from '../http-kit/escape-html.ts';

export type RequestKind = 'document' | 'script' | 'style' | 'image' | 'fetch' | 'other';

/** Times in ms from opening the link. An unfinished request has no end. */
export type TimelineRequest = { name: string; kind: RequestKind; start: number; end?: number };
/** A step at `at`, labelled `label`, its time and then `note` (e.g. a duration from an earlier step). */
export type TimelineStep = { label: string; at: number; note?: string };
export type TimelineLane = {
  title: string;
  note: string;
  steps: TimelineStep[];
  taps: { at: number; honoured: boolean }[];
  requests: TimelineRequest[];
  /** A stretch drawn shaded, with its label (the identity service's form, filled by the bench). */
  band?: { from: number; to: number; label: string };
};

const KIND_COLOURS: Record<RequestKind, string> = {
  document: '#2f5d9e',
  script: '#d98a1c',
  style: '#8e44ad',
  image: '#2e8b57',
  fetch: '#c0392b',
  other: '#7f8c8d',
};

const WIDTH = 1500;
const LEFT = 24;
const RIGHT = 24;
const ROW = 15;
const FONT = 'font-family="system-ui, -apple-system, Segoe UI, sans-serif"';
// Rough widths of a character of the 11 px labels (regular, bold), to keep labels inside the picture.
const CHAR = 6.2;
const BOLD_CHAR = 7;

function text(x: number, y: number, content: string, attributes = ''): string {
  return `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" ${attributes}>${escape(content)}</text>`;
}

function rowsFor(items: { x: number; width: number }[]): number[] {
  const ends: number[] = [];
  return items.map(({ x, width }) => {
    let row = ends.findIndex((end) => end + 8 <= x);
    if (row === -1) row = ends.push(0) - 1;
    ends[row] = x + width;
    return row;
  });
}

export function drawTimeline(title: string, subtitle: string, lanes: TimelineLane[]): string {
  const last = Math.max(
    ...lanes.flatMap((lane) => [
      ...lane.steps.map((step) => step.at),
      ...lane.requests.map((request) => request.end ?? request.start),
    ]),
  );
  const span = Math.ceil((last + 100) / 500) * 500;
  const plot = WIDTH - LEFT - RIGHT;
  const x = (ms: number) => LEFT + (Math.max(0, ms) / span) * plot;
  const tickStep = span > 8000 ? 1000 : 500;
  const parts: string[] = [];
  let y = 28;
  parts.push(text(LEFT, y, title, 'font-size="18" font-weight="700"'));
  y += 20;
  parts.push(text(LEFT, y, subtitle, 'font-size="12" fill="#444"'));
  y += 22;
  let legendX = LEFT;
  for (const [kind, colour] of Object.entries(KIND_COLOURS)) {
    parts.push(`<rect x="${legendX}" y="${y - 10}" width="14" height="10" fill="${colour}"/>`);
    parts.push(text(legendX + 18, y, kind === 'fetch' ? 'fetch/xhr' : kind, 'font-size="12"'));
    legendX += 30 + CHAR * 9;
  }
  parts.push(`<path d="M${legendX + 6} ${y - 5} l6 -6 l6 6 z" fill="#2e8b57"/>`);
  parts.push(text(legendX + 22, y, 'tap honoured (or shown as taken)', 'font-size="12"'));
  legendX += 230;
  parts.push(`<path d="M${legendX + 6} ${y - 5} l6 -6 l6 6 z" fill="#c0392b"/>`);
  parts.push(text(legendX + 22, y, 'tap lost', 'font-size="12"'));
  y += 16;

  for (const lane of lanes) {
    y += 22;
    parts.push(text(LEFT, y, lane.title, 'font-size="15" font-weight="700"'));
    parts.push(text(LEFT + 12 + lane.title.length * 9.5, y, lane.note, 'font-size="12" fill="#555"'));
    y += 8;

    // Step labels above the axis, in as many rows as they need not to overlap.
    const steps = lane.steps.toSorted((a, b) => a.at - b.at);
    const stepLabels = steps.map((step) => `${step.label} ${Math.round(step.at)}${step.note ? ` ${step.note}` : ''}`);
    // A label starts just after its line, or ends at the picture's edge when there is no room.
    const labelX = steps.map((step, i) => Math.min(x(step.at) + 3, WIDTH - 4 - stepLabels[i]!.length * BOLD_CHAR));
    const stepRows = rowsFor(steps.map((_, i) => ({ x: labelX[i]!, width: stepLabels[i]!.length * BOLD_CHAR })));
    const labelRows = Math.max(0, ...stepRows) + 1;
    const axisY = y + labelRows * 15 + 10;
    const tapsY = axisY + 18;
    const requests = lane.requests.toSorted((a, b) => a.start - b.start);
    const laneEnd = Math.max(0, ...steps.map((step) => step.at));
    const bottom = tapsY + 12 + requests.length * ROW + 6;

    if (lane.band) {
      const from = x(lane.band.from);
      const to = x(lane.band.to);
      parts.push(
        `<rect x="${from}" y="${axisY}" width="${Math.max(0, to - from)}" height="${bottom - axisY}" fill="#f1f1f1"/>`,
      );
      parts.push(text((from + to) / 2, bottom - 4, lane.band.label, 'font-size="11" fill="#777" text-anchor="middle"'));
    }
    for (let ms = 0; ms <= span; ms += tickStep) {
      parts.push(`<line x1="${x(ms)}" y1="${axisY}" x2="${x(ms)}" y2="${bottom}" stroke="#e4e4e4"/>`);
      parts.push(`<line x1="${x(ms)}" y1="${axisY}" x2="${x(ms)}" y2="${axisY + 5}" stroke="#333"/>`);
      parts.push(
        text(x(ms), axisY + 15, `${ms}`, `font-size="10" fill="#333" text-anchor="${ms === 0 ? 'start' : 'middle'}"`),
      );
    }
    parts.push(`<line x1="${x(0)}" y1="${axisY}" x2="${x(span)}" y2="${axisY}" stroke="#333"/>`);

    steps.forEach((step, i) => {
      const sx = x(step.at);
      const labelY = y + 12 + stepRows[i]! * 15;
      parts.push(
        `<line x1="${sx}" y1="${labelY + 3}" x2="${sx}" y2="${bottom}" stroke="#111" stroke-dasharray="4 3"/>`,
      );
      parts.push(text(labelX[i]!, labelY, stepLabels[i]!, 'font-size="11" font-weight="600"'));
    });

    for (const tap of lane.taps) {
      parts.push(
        `<path d="M${x(tap.at) - 4} ${tapsY + 4} l4 -7 l4 7 z" fill="${tap.honoured ? '#2e8b57' : '#c0392b'}"/>`,
      );
    }
    if (lane.taps.length) parts.push(text(LEFT, tapsY + 4, 'taps', 'font-size="10" fill="#555"'));

    // The requests, one row each, labelled beside the bar (before it when there is no room after).
    requests.forEach((request, i) => {
      const rowY = tapsY + 12 + i * ROW;
      const from = x(request.start);
      const to = Math.max(from + 2, x(request.end ?? laneEnd));
      const colour = KIND_COLOURS[request.kind];
      parts.push(
        `<rect x="${from.toFixed(1)}" y="${rowY}" width="${(to - from).toFixed(1)}" height="10" fill="${colour}"${request.end === undefined ? ' fill-opacity="0.4"' : ''}/>`,
      );
      const label = request.name;
      const after = to + 4 + label.length * CHAR <= WIDTH - 4;
      parts.push(
        text(
          after ? to + 4 : from - 4,
          rowY + 9,
          label,
          `font-size="11" fill="#222"${after ? '' : ' text-anchor="end"'}`,
        ),
      );
    });
    y = bottom + 10;
    parts.push(`<line x1="${LEFT}" y1="${y}" x2="${WIDTH - RIGHT}" y2="${y}" stroke="#999"/>`);
  }
  const height = y + 16;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" ${FONT}>`,
    `<rect width="${WIDTH}" height="${height}" fill="#fff"/>`,
    ...parts,
    '</svg>',
    '',
  ].join('\n');
}
