// `npm run bench`: Lighthouse (mobile preset) on each page and its limit, the same page without its
// scripts (scripts/limit-page.ts), taking turns; prints medians and ratios (docs/performance.md).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { userAgents } from 'lighthouse/core/config/constants.js';
import { CHROMIUM } from '../playwright.config.ts';
import { gzipSize } from './gzip-size.ts';
import { writeStaticCopies } from './limit-page.ts';
import { median } from './median.ts';
import { startReferenceServer } from './reference-server.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const PORT = 4480;
const ORIGIN = `http://127.0.0.1:${PORT}`;
// Lighthouse's mobile preset's user agent (an Android phone): the accepted page is rendered for it.
const PHONE_USER_AGENT = userAgents.mobile;

type Row = {
  lcpElement?: string;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  perf: number;
  a11y: number;
  bp: number;
  js: number;
  jsGzip: number;
  bytes: number;
};

async function measure(url: string, port: number): Promise<Row> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
  });
  const lhr = result!.lhr;
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  for (const id of ['largest-contentful-paint', 'first-contentful-paint', 'total-blocking-time']) {
    const error = lhr.runtimeError?.message ?? lhr.audits[id]?.errorMessage;
    if (error) console.warn(`${url}: no ${id} in this run (${error})`);
  }
  const requests =
    (
      lhr.audits['network-requests']?.details as
        { items?: { url: string; resourceType?: string; transferSize?: number }[] } | undefined
    )?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  const breakdown = lhr.audits['lcp-breakdown-insight']?.details as
    { items?: { type?: string; snippet?: string }[] } | undefined;
  return {
    lcpElement: breakdown?.items?.find((item) => item.type === 'node')?.snippet,
    lcp: audit('largest-contentful-paint'),
    fcp: audit('first-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    perf: (lhr.categories.performance?.score ?? 0) * 100,
    a11y: (lhr.categories.accessibility?.score ?? 0) * 100,
    bp: (lhr.categories['best-practices']?.score ?? 0) * 100,
    js: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    // The same scripts gzipped from dist/, the measure: the server sends the build's Brotli
    // copies where the browser takes them, so bytes on the wire are fewer.
    jsGzip: scripts.reduce((sum, r) => sum + gzipSize(`dist${new URL(r.url).pathname}`), 0),
    bytes: audit('total-byte-weight'),
  };
}

const server = await startReferenceServer(PORT);
try {
  // Each page as Lighthouse's phone gets it, and its limit: the same HTML without its scripts.
  const addresses = {
    invite: '/my-account/invite/DEMO-PENDING-1',
    accepted: '/my-account/invite/DEMO-ACCEPTED/accepted',
    login: '/my-account/login',
  };
  const rendered: Record<string, string> = {};
  for (const [name, address] of Object.entries(addresses)) {
    const response = await fetch(ORIGIN + address, { headers: { 'user-agent': PHONE_USER_AGENT } });
    rendered[name] = await response.text();
    if (!rendered[name].includes('id="server-data"')) throw new Error(`${address} is not rendered on the server`);
  }
  const limits = writeStaticCopies('dist', rendered);
  const pages = Object.fromEntries(
    Object.entries(addresses).flatMap(([name, address]) => [
      [`${name} page`, ORIGIN + address],
      [`${name} limit`, ORIGIN + limits[name]],
    ]),
  );
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM.executablePath,
    chromeFlags: ['--headless=new', ...CHROMIUM.args],
  });
  const medians: Record<string, Row> = {};
  const runsOf: Record<string, Row[]> = Object.fromEntries(Object.keys(pages).map((name) => [name, []]));
  try {
    // Round by round, each page then its limit, so that what the machine does meanwhile falls on both.
    for (let run = 0; run < RUNS; run++) {
      for (const [name, url] of Object.entries(pages)) runsOf[name]!.push(await measure(url, chrome.port));
    }
    for (const [name, runs] of Object.entries(runsOf)) {
      const numbers = Object.keys(runs[0]!).filter((key) => key !== 'lcpElement') as Exclude<keyof Row, 'lcpElement'>[];
      medians[name] = {
        ...Object.fromEntries(numbers.map((key) => [key, median(runs.map((r) => r[key]))])),
        lcpElement: runs[0]!.lcpElement,
      } as Row;
    }
  } finally {
    chrome.kill();
  }
  const header = `${'page'.padEnd(22)}${['LCP ms', 'FCP ms', 'TBT ms', 'CLS', 'perf', 'a11y', 'b.pr.', 'JS kB', 'JS gz kB', 'total kB'].map((h) => h.padStart(9)).join('')}`;
  console.log(`\nLighthouse mobile preset, median of ${RUNS} runs`);
  console.log('JS kB: script bytes on the wire (Brotli where taken); JS gz kB: the same scripts gzipped');
  console.log(header);
  for (const [name, r] of Object.entries(medians)) {
    const cells = [
      r.lcp.toFixed(0),
      r.fcp.toFixed(0),
      r.tbt.toFixed(0),
      r.cls.toFixed(3),
      r.perf.toFixed(0),
      r.a11y.toFixed(0),
      r.bp.toFixed(0),
      (r.js / 1000).toFixed(1),
      (r.jsGzip / 1000).toFixed(1),
      (r.bytes / 1000).toFixed(1),
    ];
    console.log(`${name.padEnd(22)}${cells.map((c) => c.padStart(9)).join('')}`);
  }
  for (const [name, r] of Object.entries(medians)) console.log(`LCP element, ${name}: ${r.lcpElement ?? '?'}`);
  // Lantern's LCP of one page varies from run to run (which requests it counts depends on the load it observed).
  for (const [name, runs] of Object.entries(runsOf))
    console.log(`LCP per run, ${name}: ${runs.map((run) => run.lcp.toFixed(0)).join(', ')}`);
  const ratio = (page: string) => medians[`${page} page`]!.lcp / medians[`${page} limit`]!.lcp;
  const invitePage = medians['invite page']!;
  const targets: [string, number, string, boolean][] = [
    ['invite LCP / its limit', ratio('invite'), 'at most 1.15', ratio('invite') <= 1.15],
    ['invite TBT ms', invitePage.tbt, 'at most 50', invitePage.tbt <= 50],
    ['invite CLS', invitePage.cls, 'at most 0.01', invitePage.cls <= 0.01],
    ['login LCP / its limit', ratio('login'), 'at most 1.3', ratio('login') <= 1.3],
    ['accepted LCP / its limit', ratio('accepted'), 'at most 1.3', ratio('accepted') <= 1.3],
  ];
  console.log('\nEach page (rendered by the app server) against its limit, from the same run (issue 23):');
  for (const [name, value, target, met] of targets) {
    console.log(
      `${name.padEnd(26)} ${value.toFixed(name.includes('CLS') ? 3 : 2).padStart(8)}   target ${target.padEnd(13)} ${met ? 'met' : 'NOT met'}`,
    );
  }
} finally {
  await server.stop();
}
