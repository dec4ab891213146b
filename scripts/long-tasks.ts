// A trace of a page and its main thread's long tasks, with what ran in them: `bench:journey -- --trace`.
import { join } from 'node:path';
import type { CDPSession, Page } from '@playwright/test';
import { packageOf, readSourceMap, type SourceMap } from './source-map-lookup.ts';

/** One event of Chromium's trace (the Trace Event Format); times in microseconds. */
type TraceEvent = {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown>; frame?: string };
};

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'toplevel',
  'v8.execute',
  'blink.user_timing',
  'loading',
  'disabled-by-default-v8.cpu_profiler',
];

/** A task's part: what ran, and its own time in it (ms). */
export type TaskPart = { what: string; ms: number };

/** A main-thread task: when (ms from the navigation), how long, on which page, its events and its
 * JavaScript (sampled, by package). */
export type LongTask = { at: number; ms: number; page: string; top: string; parts: TaskPart[]; code: TaskPart[] };

export type Trace = { stop(): Promise<TraceEvent[]> };

/** Starts recording a trace of `page`'s browser (before the navigation to be traced). */
export async function startTrace(page: Page): Promise<Trace> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', { categories: CATEGORIES.join(','), transferMode: 'ReportEvents' });
  return {
    async stop() {
      const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
      await cdp.send('Tracing.end');
      await complete;
      await cdp.detach().catch(() => undefined);
      return events;
    },
  };
}

const fileOf = (url: unknown) => (typeof url === 'string' && url ? (url.split('/').at(-1) ?? url) : '');

/** A readable name for an event: the script, the function, the event type, the timer. */
function label(event: TraceEvent): string {
  const data = event.args?.data ?? {};
  switch (event.name) {
    case 'EvaluateScript':
    case 'v8.compile':
    case 'v8.compileModule':
    case 'v8.evaluateModule':
    case 'ParseHTML':
      return `${event.name} ${fileOf(data.url ?? data.fileName) || 'inline'}`.trim();
    case 'FunctionCall': {
      const name = typeof data.functionName === 'string' && data.functionName ? data.functionName : '(anonymous)';
      return `FunctionCall ${name} ${fileOf(data.url)}`.trim();
    }
    case 'EventDispatch':
      return `EventDispatch ${String(data.type ?? '')}`.trim();
    default:
      return event.name;
  }
}

/** The renderer main threads in the trace, with the first navigation's start on each (µs). */
function mainThreads(events: TraceEvent[]): { pid: number; tid: number }[] {
  return events
    .filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
    .map(({ pid, tid }) => ({ pid, tid }));
}

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; parent?: number };
type ProfileData = {
  startTime?: number;
  cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
  timeDeltas?: number[];
};
/** A sample: when, and the frame it is counted to (the innermost with a script, else the innermost). */
type Sample = { ts: number; frame: CallFrame };

/** V8's own entries, which stand for what no script ran: the rendering, the collector, idle time. */
const PSEUDO_FRAMES = new Set(['(program)', '(garbage collector)', '(idle)', '(root)']);

/** The benchmark's own scripts run in the page (its probe, Playwright's bindings): they have no address. */
const BENCH_CODE = '(the bench, in the page)';

/** The JavaScript samples of the trace's CPU profile of process `pid` (the longest one), in time order. */
function samplesOf(events: TraceEvent[], pid: number): Sample[] {
  const profiles = new Map<string, Sample[]>();
  for (const start of events.filter((event) => event.name === 'Profile' && event.pid === pid)) {
    const id = (start as TraceEvent & { id?: string }).id ?? '';
    const nodes = new Map<number, ProfileNode>();
    // A built-in function (a DOM call, a JSON parse) is counted to the script that called it.
    const countedTo = (nodeId: number): CallFrame | undefined => {
      const leaf = nodes.get(nodeId);
      if (!leaf || PSEUDO_FRAMES.has(leaf.callFrame.functionName)) return leaf?.callFrame;
      for (let node: ProfileNode | undefined = leaf; node; node = nodes.get(node.parent ?? -1))
        if (node.callFrame.url) return node.callFrame;
      return leaf.callFrame;
    };
    let ts = (start.args?.data as ProfileData | undefined)?.startTime ?? start.ts;
    const samples: Sample[] = [];
    for (const chunk of events) {
      if (chunk.name !== 'ProfileChunk' || chunk.pid !== pid || (chunk as { id?: string }).id !== id) continue;
      const data = chunk.args?.data as ProfileData;
      for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
      (data.cpuProfile?.samples ?? []).forEach((node, index) => {
        ts += data.timeDeltas?.[index] ?? 0;
        const frame = countedTo(node);
        if (frame) samples.push({ ts, frame });
      });
    }
    profiles.set(id, samples);
  }
  return [...profiles.values()].toSorted((a, b) => b.length - a.length)[0] ?? [];
}

/** Names the code a sample ran: a package or the app's folder (through the source maps in `dist`), or V8's own. */
function codeNamer(dist: string | undefined): (frame: CallFrame) => string {
  const maps = new Map<string, SourceMap | undefined>();
  return (frame) => {
    if (PSEUDO_FRAMES.has(frame.functionName)) return frame.functionName;
    // Scripts without an address: the benchmark's own, run in the page (its probe, Playwright's bindings).
    if (!frame.url) return BENCH_CODE;
    const path = URL.canParse(frame.url) ? new URL(frame.url).pathname : frame.url;
    if (!path.endsWith('.js')) return 'the page script (inline)';
    if (!maps.has(path)) maps.set(path, dist ? readSourceMap(join(dist, path)) : undefined);
    const map = maps.get(path);
    const source = map?.sourceAt(frame.lineNumber, frame.columnNumber);
    if (source && process.env.TRACE_FUNCTIONS) {
      const name = map?.functionNameAt(frame.lineNumber, frame.columnNumber, frame.functionName) ?? frame.functionName;
      return `${packageOf(source)} ${source.split('/').at(-1)}:${name}`;
    }
    return source ? packageOf(source) : `${fileOf(path)} ${frame.functionName}`.trim();
  };
}

/** The tasks over `thresholdMs` on the busiest renderer thread in the first `windowMs`, longest first. */
export function longTasks(events: TraceEvent[], windowMs: number, thresholdMs = 50, dist?: string): LongTask[] {
  const threads = mainThreads(events).map((thread) => {
    const own = events.filter((event) => event.pid === thread.pid && event.tid === thread.tid);
    const busy = own.filter((event) => event.name === 'RunTask').reduce((sum, event) => sum + (event.dur ?? 0), 0);
    return { own, busy };
  });
  const main = threads.toSorted((a, b) => b.busy - a.busy)[0];
  if (!main) return [];
  const samples = samplesOf(events, main.own[0]!.pid);
  const nameCode = codeNamer(dist);
  const navigations = events
    .filter((event) => event.name === 'navigationStart' && event.args?.data?.isLoadingMainFrame === true)
    .toSorted((a, b) => a.ts - b.ts);
  const navigation = navigations[0];
  const pageAt = (ts: number) => {
    // Blank documents (a frame's first, before its page) are reported without an address.
    const url = navigations.findLast((event) => event.ts <= ts && event.args?.data?.documentLoaderURL)?.args?.data
      ?.documentLoaderURL;
    return typeof url === 'string' && URL.canParse(url) ? new URL(url).pathname : '?';
  };
  const complete = main.own.filter((event) => event.ph === 'X' && event.dur !== undefined);
  const origin = navigation?.ts ?? Math.min(...complete.map((event) => event.ts));
  const end = origin + windowMs * 1000;
  const tasks = complete.filter(
    (event) => event.name === 'RunTask' && event.ts >= origin && event.ts < end && event.dur! >= thresholdMs * 1000,
  );
  return tasks
    .map((task) => {
      const inside = complete
        .filter((event) => event !== task && event.ts >= task.ts && event.ts + event.dur! <= task.ts + task.dur!)
        .toSorted((a, b) => a.ts - b.ts || b.dur! - a.dur!);
      // Each event's own time: its duration less that of the events directly inside it.
      const own = new Map<TraceEvent, number>(inside.map((event) => [event, event.dur!]));
      const stack: TraceEvent[] = [];
      for (const event of inside) {
        while (stack.length && stack.at(-1)!.ts + stack.at(-1)!.dur! <= event.ts) stack.pop();
        const parent = stack.at(-1);
        if (parent) own.set(parent, own.get(parent)! - event.dur!);
        stack.push(event);
      }
      const byLabel = new Map<string, number>();
      for (const [event, micros] of own) byLabel.set(label(event), (byLabel.get(label(event)) ?? 0) + micros);
      const parts = [...byLabel]
        .map(([what, micros]) => ({ what, ms: micros / 1000 }))
        .filter((part) => part.ms >= 1)
        .toSorted((a, b) => b.ms - a.ms);
      const first = inside.find((event) => !event.name.startsWith('ThreadControllerImpl'));
      const sampled = samples.filter((sample) => sample.ts >= task.ts && sample.ts <= task.ts + task.dur!);
      const byCode = new Map<string, number>();
      for (const sample of sampled) byCode.set(nameCode(sample.frame), (byCode.get(nameCode(sample.frame)) ?? 0) + 1);
      const code = [...byCode]
        .map(([what, count]) => ({ what, ms: (count / sampled.length) * (task.dur! / 1000) }))
        .toSorted((a, b) => b.ms - a.ms);
      return {
        at: (task.ts - origin) / 1000,
        ms: task.dur! / 1000,
        page: pageAt(task.ts),
        top: first ? label(first) : 'RunTask',
        parts,
        code,
      };
    })
    .toSorted((a, b) => b.ms - a.ms);
}

/** How long the page's own JavaScript ran in a task, as sampled: not V8's entries, not the bench's. */
export function pageCodeMs(task: LongTask): number {
  return task.code
    .filter((part) => !PSEUDO_FRAMES.has(part.what) && part.what !== BENCH_CODE)
    .reduce((sum, part) => sum + part.ms, 0);
}

/** Lines for the bench's output: each long task, when, how long, what started it and its largest parts. */
export function describeTasks(tasks: LongTask[], limit = 5): string[] {
  if (!tasks.length) return ['  no task over 50 ms'];
  return tasks.slice(0, limit).map((task) => {
    const parts = task.parts
      .slice(0, 4)
      .map((part) => `${part.what} ${part.ms.toFixed(0)}`)
      .join(', ');
    const code = task.code
      .slice(0, 4)
      .map((part) => `${part.what} ${part.ms.toFixed(0)}`)
      .join(', ');
    return (
      `  ${task.ms.toFixed(0).padStart(5)} ms at ${task.at.toFixed(0).padStart(5)} ms  ${task.page}  ${task.top}\n` +
      `${''.padStart(24)}events: ${parts}\n${''.padStart(24)}code:   ${code || '(no JavaScript sampled)'}`
    );
  });
}
