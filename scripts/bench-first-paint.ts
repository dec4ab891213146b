// `npm run bench:first-paint`: the rendered invite page's first paint against static copies of it
// and the strict limit, on the emulated phone (docs/performance.md#benchfirst-paint).
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM, PHONE } from '../playwright.config.ts';
import { createInvite } from '../e2e/support/owner.ts';
import { PHONE_ROUND_TRIP_MS, throttleLikeAPhone } from '../e2e/support/phone.ts';
import { LIMIT_SERVER_ARGS, writeBenchPage, writeLimitPage, type LimitInvite } from './limit-page.ts';
import { printLoad } from './machine-load.ts';
import { median } from './median.ts';
import { demoStart, startReferenceServer } from './reference-server.ts';
import { SERVER_DATA_ID, TAP_QUEUE_GLOBAL } from '../src/contract/page-protocol.ts';

const { values: flags } = parseArgs({ options: { dist: { type: 'string', default: 'dist' } } });
const DIST = resolve(flags.dist);
const ROOT = demoStart(dirname(DIST)) ? dirname(DIST) : '.';
const ROUNDS = Number(process.env.BENCH_RUNS ?? 15);
const PORT = Number(process.env.BENCH_PORT ?? 4495);
/** The page script's first statement that the bench can see from outside: it sets this global. */
const PAGE_SCRIPT_GLOBAL = TAP_QUEUE_GLOBAL;

type Load = {
  responseEnd: number;
  firstPaint: number;
  firstContentfulPaint: number;
  pageScript: number;
  /** The main thread's time in style recalculation and in layout until both paints were reported (Chromium's counters), ms. */
  style: number;
  layout: number;
};

/** The page's first inline classic script: the page script (app-server/page-template.ts puts it first). */
const PAGE_SCRIPT = /<script>[\s\S]*?<\/script>/;
const SERVER_DATA = `<script type="application/json" id="${SERVER_DATA_ID}">`;

const cell = (values: number[]) => (Number.isFinite(median(values)) ? median(values).toFixed(0) : '—');

async function load(browser: Browser, address: string): Promise<Load> {
  const context = await browser.newContext({ ...PHONE, locale: 'nl-NL' });
  try {
    const page = await context.newPage();
    // When the page script sets its global, the moment is kept (and the global then set as usual).
    await page.addInitScript((name) => {
      Object.defineProperty(window, name, {
        configurable: true,
        set(value) {
          Object.defineProperty(window, name, { value, writable: true, configurable: true });
          Object.assign(window, { pageScriptRanAt: performance.now() });
        },
      });
    }, PAGE_SCRIPT_GLOBAL);
    await throttleLikeAPhone(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.goto(address, { waitUntil: 'load' });
    await page.waitForFunction(() => performance.getEntriesByType('paint').length >= 2);
    const { metrics } = await cdp.send('Performance.getMetrics');
    const ms = (name: string) => 1000 * (metrics.find((metric) => metric.name === name)?.value ?? NaN);
    const painted = await page.evaluate(() => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const [firstPaint, firstContentfulPaint] = ['first-paint', 'first-contentful-paint'].map(
        (name) => performance.getEntriesByName(name)[0]?.startTime ?? NaN,
      );
      return {
        responseEnd: navigation.responseEnd,
        firstPaint: firstPaint!,
        firstContentfulPaint: firstContentfulPaint!,
        pageScript: (window as { pageScriptRanAt?: number }).pageScriptRanAt ?? NaN,
      };
    });
    return { ...painted, style: ms('RecalcStyleDuration'), layout: ms('LayoutDuration') };
  } finally {
    await context.close();
  }
}

printLoad('Before the benchmark');
const server = await startReferenceServer(
  PORT,
  ['--dist', DIST, '--ssr', join(dirname(DIST), 'dist-ssr'), ...LIMIT_SERVER_ARGS],
  ROOT,
);
const browser = await chromium.launch(CHROMIUM);
try {
  const code = await createInvite(server.url);
  const pagePath = `/my-account/invite/${code}`;
  const invite = (await (await fetch(`${server.url}/api/v1/bike/invite-code/${code}`)).json()) as LimitInvite;
  // Warm: the first renders after a start are the slowest.
  for (let i = 0; i < 3; i++) await (await fetch(server.url + pagePath)).text();
  const rendered = await (await fetch(server.url + pagePath)).text();
  const script = PAGE_SCRIPT.exec(rendered)?.[0];
  if (!script || !rendered.includes(SERVER_DATA) || !rendered.includes(invite.owner_display_name))
    throw new Error('the invite page was not rendered on the server with its page script and data');
  const withoutScript = rendered.replace(script, '');
  const variants: Record<string, string> = {
    'as rendered': pagePath,
    // The same page as a file: the server's rendering time left out.
    'static copy': writeBenchPage(DIST, 'first-paint-copy.html', rendered),
    'no page script': writeBenchPage(DIST, 'first-paint-no-script.html', withoutScript),
    'page script last': writeBenchPage(
      DIST,
      'first-paint-script-last.html',
      withoutScript.replace(SERVER_DATA, () => `${script}${SERVER_DATA}`),
    ),
    limit: writeLimitPage(DIST, invite),
  };
  const loads = Object.fromEntries(Object.keys(variants).map((name) => [name, [] as Load[]]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, path] of Object.entries(variants)) loads[name]!.push(await load(browser, server.url + path));
    process.stdout.write(`round ${round + 1} of ${ROUNDS}\r`);
  }

  console.log(
    `\nThe rendered invite page's first paint on an emulated phone (Pixel 7; ${PHONE_ROUND_TRIP_MS} ms round trip, 1.6 Mbps, CPU 4×), ` +
      `medians of ${ROUNDS} loads each, taking turns, ms from the navigation's start`,
  );
  const rows = [
    [
      'page',
      'response end',
      'first paint',
      'first contentful paint',
      'page script ran',
      'content before it',
      'style',
      'layout',
    ],
    ...Object.entries(loads).map(([name, list]) => [
      name,
      cell(list.map((l) => l.responseEnd)),
      cell(list.map((l) => l.firstPaint)),
      cell(list.map((l) => l.firstContentfulPaint)),
      cell(list.map((l) => l.pageScript)),
      // Only a page whose page script ran (the others never set its global).
      Number.isFinite(median(list.map((l) => l.pageScript)))
        ? `${list.filter((l) => !(l.pageScript <= l.firstContentfulPaint)).length} of ${list.length}`
        : '—',
      cell(list.map((l) => l.style)),
      cell(list.map((l) => l.layout)),
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows) console.log(row.map((text, column) => text.padStart(widths[column]!)).join('  '));
  console.log('');
  printLoad('After the benchmark');
} finally {
  await browser.close();
  await server.stop();
}
