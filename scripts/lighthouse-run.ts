// One Lighthouse run (mobile preset) of a page, reduced to the figures `npm run bench` reports.
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { gzipSize } from './gzip-size.ts';

export type Row = {
  lcpElement?: string;
  lcp: number;
  fcp: number;
  speedIndex: number;
  tbt: number;
  cls: number;
  perf: number;
  a11y: number;
  bp: number;
  js: number;
  jsGzip: number;
  bytes: number;
  /** The run's long tasks on the simulated phone: `duration ms script`, longest first. */
  longTasks: string[];
  /** The longest of them attributed to a script of the page's own origin (the app's), ms; 0 if none. */
  appTaskMs: number;
  /** The main thread's time on the simulated phone by kind of work (Lighthouse's groups: styleLayout, parseHTML, …), ms. */
  work: Record<string, number>;
};

type Items<T> = { items?: T[] } | undefined;

const isOwnScript = (script: string | undefined, page: string) =>
  Boolean(
    script &&
    URL.canParse(script) &&
    new URL(script).origin === new URL(page).origin &&
    script.split('?')[0]!.endsWith('.js'),
  );

/** Lighthouse on `url` in the browser on `port`; `dist`: the build served, for the scripts' gzip sizes. */
export async function measure(url: string, port: number, dist = 'dist'): Promise<Row> {
  const run = async () =>
    (await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    }))!.lhr;
  let lhr = await run();
  // A trace Lighthouse could not record (NO_NAVSTART) measured nothing: it asks to be run again.
  for (let retry = 0; lhr.runtimeError && retry < 2; retry++) lhr = await run();
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  for (const id of ['largest-contentful-paint', 'first-contentful-paint', 'total-blocking-time', 'speed-index']) {
    const error = lhr.runtimeError?.message ?? lhr.audits[id]?.errorMessage;
    if (error) console.warn(`${url}: no ${id} in this run (${error})`);
  }
  const requests =
    (lhr.audits['network-requests']?.details as Items<{ url: string; resourceType?: string; transferSize?: number }>)
      ?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  const breakdown = lhr.audits['lcp-breakdown-insight']?.details as Items<{ type?: string; snippet?: string }>;
  const work =
    (lhr.audits['mainthread-work-breakdown']?.details as Items<{ group: string; duration: number }>)?.items ?? [];
  const tasks = (lhr.audits['long-tasks']?.details as Items<{ url?: string; duration?: number }>)?.items ?? [];
  return {
    lcpElement: breakdown?.items?.find((item) => item.type === 'node')?.snippet,
    lcp: audit('largest-contentful-paint'),
    fcp: audit('first-contentful-paint'),
    speedIndex: audit('speed-index'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    perf: (lhr.categories.performance?.score ?? 0) * 100,
    a11y: (lhr.categories.accessibility?.score ?? 0) * 100,
    bp: (lhr.categories['best-practices']?.score ?? 0) * 100,
    js: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    // Gzipped from dist/, the measure (the server sends Brotli where the browser takes it).
    jsGzip: scripts.reduce((sum, r) => sum + gzipSize(join(dist, new URL(r.url).pathname)), 0),
    bytes: audit('total-byte-weight'),
    longTasks: tasks.map((task) => `${(task.duration ?? 0).toFixed(0)} ms ${(task.url ?? '').split('/').at(-1)}`),
    appTaskMs: Math.max(0, ...tasks.filter((task) => isOwnScript(task.url, url)).map((task) => task.duration ?? 0)),
    work: Object.fromEntries(work.map((item) => [item.group, item.duration])),
  };
}
