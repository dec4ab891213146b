// `npm run bench:server [-- --duration 10 --connections 10]`: docs/performance.md#benchserver.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { printLoad } from './machine-load.ts';
import { createInvite } from '../server/bike/invites.ts';
import { openDatabase } from '../server/db/database.ts';
import { freePort, startAppServer, startReferenceServer } from './reference-server.ts';
import { SERVER_DATA_ID } from '../src/contract/page-protocol.ts';

const { values } = parseArgs({
  options: { duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '10' } },
});
const duration = Number(values.duration);
const connections = Number(values.connections);

/** One real login through the HTML form and the token endpoint; returns a fresh refresh token. */
async function loginForRefreshToken(base: string): Promise<string> {
  const verifier = randomBytes(32).toString('base64url');
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: 'my-account',
    redirect_uri: `${base}/my-account/`,
    state: 'bench',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
  const page = await fetch(`${base}/ids/login?${params}`);
  const csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())?.[1] ?? '';
  const cookie = page.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  params.set('csrf', csrf);
  params.set('email', 'anna@example.com');
  params.set('password', 'demo-password');
  const submitted = await fetch(`${base}/ids/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: params,
  });
  const code = new URL(submitted.headers.get('location') ?? '').searchParams.get('code') ?? '';
  const tokens = await fetch(`${base}/ids/oauth`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: 'my-account',
      code,
      redirect_uri: `${base}/my-account/`,
      code_verifier: verifier,
    }),
  });
  const body = (await tokens.json()) as { refresh_token?: string };
  if (!body.refresh_token) throw new Error('login for the benchmark failed');
  return body.refresh_token;
}

type Result = autocannon.Result;

/** Pending invites for the demo bike 1, written into the server's database as its CLI would. */
function createInvites(dbPath: string, count: number): string[] {
  const db = openDatabase(dbPath);
  try {
    return Array.from({ length: count }, () => createInvite(db, 1, 7, Date.now()).code);
  } finally {
    db.close();
  }
}

/** Of `count` pages fetched one by one, how many came without the rendered invite. */
async function countFallbacks(url: string, count: number): Promise<number> {
  let fallbacks = 0;
  for (let i = 0; i < count; i++)
    if (!(await (await fetch(url)).text()).includes(`id="${SERVER_DATA_ID}"`)) fallbacks++;
  return fallbacks;
}

/** The app server's page counts from its /metrics: rendered, shed, and left to the browser for want of data. */
async function pageCounts(url: string): Promise<{ rendered: number; shed: number; noData: number }> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const sum = (pattern: RegExp) => [...text.matchAll(pattern)].reduce((total, match) => total + Number(match[1]), 0);
  const fallbacks = (reason: string) =>
    sum(new RegExp(`^app_server_pages_browser_rendered_total\\{[^}]*reason="${reason}"[^}]*\\} (\\S+)$`, 'gm'));
  return {
    rendered: sum(/^app_server_render_duration_seconds_count\{[^}]*\} (\S+)$/gm),
    shed: fallbacks('overload'),
    noData: fallbacks('no_data'),
  };
}

const FIXED_RATE = 300;

type RateRun = {
  sent: number;
  p50: number;
  p99: number;
  renders: number;
  shed: number;
  fiveHundreds: number;
  errors: number;
};

/** An open-loop load: `rate` evenly spaced requests a second (autocannon's fixed rate sends bursts),
 * each timed from when it was due, so a server that falls behind pays for it. */
async function atRate(url: string, rate: number, path: () => string, seconds = duration): Promise<RateRun> {
  const agent = new Agent({ keepAlive: true, maxSockets: 512 });
  const { hostname, port: targetPort } = new URL(url);
  const latencies: number[] = [];
  let fiveHundreds = 0;
  let errors = 0;
  const before = await pageCounts(url);
  const start = performance.now();
  const total = Math.round(rate * seconds);
  const answers: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    answers.push(
      new Promise<void>((resolve) => {
        const request = httpGet({ agent, hostname, port: targetPort, path: path() }, (response) => {
          if ((response.statusCode ?? 0) >= 500) fiveHundreds++;
          response.resume();
          response.on('end', () => {
            latencies.push(performance.now() - due);
            resolve();
          });
        });
        request.on('error', () => {
          errors++;
          resolve();
        });
      }),
    );
  }
  await Promise.all(answers);
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  const after = await pageCounts(url);
  latencies.sort((a, b) => a - b);
  const percentile = (p: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0);
  return {
    sent: total / elapsed,
    p50: percentile(0.5),
    p99: percentile(0.99),
    renders: (after.rendered - before.rendered) / elapsed,
    shed: after.shed - before.shed,
    fiveHundreds,
    errors,
  };
}

function line(name: string, rps: number, p50: number, p99: number, details: string): string {
  return `${name.padEnd(28)} ${String(Math.round(rps)).padStart(7)} req/s   p50 ${String(p50).padStart(4)} ms   p99 ${String(p99).padStart(4)} ms   (${details})`;
}

function reportRate(name: string, run: RateRun): string {
  const details = `${Math.round(run.renders)} rendered on the server per second, ${run.shed} shed, 5xx ${run.fiveHundreds}, errors ${run.errors}`;
  return line(name, run.sent, run.p50, run.p99, details);
}

function report(name: string, { requests, latency, non2xx, errors }: Result): string {
  return line(
    name,
    requests.average,
    latency.p50,
    latency.p99,
    `${requests.total} requests, non-2xx ${non2xx}, errors ${errors}`,
  );
}

const startLoad = printLoad('Before the benchmark');
const dir = mkdtempSync(join(tmpdir(), 'bike-invite-bench-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
// Every request comes from one address: the token endpoint's per-client limit would refuse nearly all.
const server = await startReferenceServer(port, [
  '--db',
  join(dir, 'bench.db'),
  '--log-level',
  'error',
  '--token-rate-limit',
  '0',
]);
let appServer: Awaited<ReturnType<typeof startAppServer>> | undefined;
try {
  process.stdout.write(`Benchmarking ${base}: ${connections} connections, ${duration} s per run\n\n`);
  // Warm-up, so the JIT and SQLite's page cache are not what is measured.
  await autocannon({ url: `${base}/api/v1/bike/invite-code/DEMO-PENDING-1`, connections, duration: 2 });

  const reads = await autocannon({ url: `${base}/api/v1/bike/invite-code/DEMO-PENDING-1`, connections, duration });

  // Refresh tokens rotate: each answer's new token goes back into the pool, each used once.
  const pool = await Promise.all(Array.from({ length: connections }, () => loginForRefreshToken(base)));
  const refreshes = await autocannon({
    url: base,
    connections,
    duration,
    requests: [
      {
        method: 'POST',
        path: '/ids/oauth',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        setupRequest: (request) => ({
          ...request,
          body: `grant_type=refresh_token&client_id=my-account&refresh_token=${pool.shift() ?? 'pool-empty'}`,
        }),
        onResponse: (status, body) => {
          if (status === 200) pool.push((JSON.parse(body) as { refresh_token: string }).refresh_token);
        },
      },
    ],
  });

  // The app server alone, started right after the refreshes: its first visitors must get rendered pages.
  const appPort = await freePort();
  appServer = await startAppServer(appPort, ['--bike-service-url', `${base}/api/v1/`, '--log-level', 'error']);
  const pageUrl = `${appServer.url}/my-account/invite/DEMO-PENDING-1`;
  const firstVisitors = 10;
  const firstFallbacks = await countFallbacks(pageUrl, firstVisitors);
  const cold = await pageCounts(appServer.url);
  // Warm-up, so the JIT is not what is measured: first visitors, then 3 s of load.
  await autocannon({ url: pageUrl, connections, duration: 3 });
  if ((await countFallbacks(pageUrl, 5)) === 5) {
    const counts = await pageCounts(appServer.url);
    throw new Error(
      `the app server renders no invite page after its warm-up (${counts.shed} shed, ${counts.noData} without the invite in time)`,
    );
  }
  const pages = await autocannon({ url: pageUrl, connections, duration, headers: { 'accept-language': 'nl' } });
  // Every request another invite, so no page is rendered twice (src/ssr/recent-pages.ts).
  const codes = createInvites(join(dir, 'bench.db'), 30_000);
  let next = 0;
  const freshPath = () => `/my-account/invite/${codes[next++ % codes.length]}`;
  const fresh = { setupRequest: (request: autocannon.Request) => ({ ...request, path: freshPath() }) };
  const appUrl = appServer.url;

  // As many as it can: the rate it renders at when every connection waits for its page.
  const before = await pageCounts(appUrl);
  const distinctPages = await autocannon({ url: appUrl, connections, duration, requests: [fresh] });
  const capacity = ((await pageCounts(appUrl)).rendered - before.rendered) / duration;

  // A fixed rate of fresh renders, after a short run at that rate (its first second is the JIT's).
  await atRate(appUrl, FIXED_RATE, freshPath, 3);
  const fixed = await atRate(appUrl, FIXED_RATE, freshPath);
  // Overload: twice the rate it can render. It sheds pages to the browser instead of queueing them.
  const overloadRate = Math.round(2 * capacity);
  const overload = await atRate(appUrl, overloadRate, freshPath);
  const fallbacks = await countFallbacks(pageUrl, 20);

  process.stdout.write(
    [
      `${'first visitors after start'.padEnd(28)} ${firstVisitors - firstFallbacks} of ${firstVisitors} rendered on the server, one by one (${cold.shed} shed, ${cold.noData} without the invite in time)`,
      report('invite reads', reads),
      report('token refreshes', refreshes),
      report('invite pages, one invite', pages),
      report('invite pages, each another', distinctPages),
      `${''.padEnd(28)} ${String(Math.round(capacity)).padStart(7)} of them rendered on the server per second`,
      reportRate(`fresh renders at ${FIXED_RATE}/s`, fixed),
      reportRate(`overload at ${overloadRate}/s`, overload),
      '',
      '',
    ].join('\n'),
  );
  const met = reads.requests.average >= 5000 && reads.latency.p99 < 20;
  process.stdout.write(`Target (invite reads >= 5000 req/s with p99 < 20 ms): ${met ? 'met' : 'NOT met'}\n`);
  const fixedMet =
    fixed.renders >= 0.98 * FIXED_RATE && fixed.p99 < 50 && fixed.fiveHundreds === 0 && fixed.errors === 0;
  process.stdout.write(
    `Target (${FIXED_RATE} fresh renders/s on one process, rendered on the server, p99 < 50 ms, no 5xx): ${fixedMet ? 'met' : 'NOT met'}\n`,
  );
  const overloadMet = overload.fiveHundreds === 0 && overload.errors === 0 && overload.p99 < 250;
  process.stdout.write(
    `Target (at twice its render rate: no 5xx, p99 < 250 ms, the excess shed): ${overloadMet ? 'met' : 'NOT met'} (${overload.shed} shed)\n`,
  );
  process.stdout.write(`Pages sent browser-rendered after the load (invite read timed out): ${fallbacks} of 20\n`);
  process.stdout.write(
    `Target (the first visitors after a start rendered on the server): ${firstFallbacks === 0 ? 'met' : 'NOT met'} (${firstVisitors - firstFallbacks} of ${firstVisitors})\n`,
  );
} finally {
  await appServer?.stop();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
  const endLoad = printLoad('\nAfter the benchmark');
  if (startLoad.busy || endLoad.busy)
    console.log('These figures were measured on a busy machine: re-run on a quiet one before recording them.');
}
