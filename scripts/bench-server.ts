// Load benchmark (not a test) on loopback: the reference server's invite reads and token refreshes,
// and the app server alone (one process) rendering invite pages with the reference server as its
// bike service.
// Usage: npm run bench:server [-- --duration 10 --connections 10]
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { createInvite } from '../server/bike/invites.ts';
import { openDatabase } from '../server/db/database.ts';
import { freePort, startAppServer, startReferenceServer } from './reference-server.ts';

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
  for (let i = 0; i < count; i++) if (!(await (await fetch(url)).text()).includes('id="server-data"')) fallbacks++;
  return fallbacks;
}

function report(name: string, result: Result): string {
  const rps = Math.round(result.requests.average);
  return `${name.padEnd(28)} ${String(rps).padStart(7)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms   (${result.requests.total} requests, non-2xx ${result.non2xx}, errors ${result.errors})`;
}

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

  // Refresh tokens rotate, so every request must carry a never-used one: each response's new
  // token goes back into the pool and the next request takes one out. Each token is used once.
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

  // The app server alone, one process, reading each invite from the reference server.
  const appPort = await freePort();
  appServer = await startAppServer(appPort, ['--bike-service-url', `${base}/api/v1/`, '--log-level', 'error']);
  const pageUrl = `${appServer.url}/my-account/invite/DEMO-PENDING-1`;
  const page = await (await fetch(pageUrl)).text();
  if (!page.includes('id="server-data"')) throw new Error('the app server did not render the invite page');
  await autocannon({ url: pageUrl, connections, duration: 2 });
  const pages = await autocannon({ url: pageUrl, connections, duration, headers: { 'accept-language': 'nl' } });
  // Every request another invite, so no page is rendered twice (src/ssr/recent-pages.ts).
  const codes = createInvites(join(dir, 'bench.db'), 5000);
  let next = 0;
  const distinctPages = await autocannon({
    url: appServer.url,
    connections,
    duration,
    requests: [
      { setupRequest: (request) => ({ ...request, path: `/my-account/invite/${codes[next++ % codes.length]}` }) },
    ],
  });
  const fallbacks = await countFallbacks(pageUrl, 20);

  process.stdout.write(
    [
      report('invite reads', reads),
      report('token refreshes', refreshes),
      report('invite pages, one invite', pages),
      report('invite pages, each another', distinctPages),
      '',
      '',
    ].join('\n'),
  );
  const met = reads.requests.average >= 5000 && reads.latency.p99 < 20;
  process.stdout.write(`Target (invite reads >= 5000 req/s with p99 < 20 ms): ${met ? 'met' : 'NOT met'}\n`);
  for (const [name, result] of [
    ['one invite', pages],
    ['each another', distinctPages],
  ] as const) {
    const pagesMet = result.requests.average >= 300 && result.latency.p99 < 50;
    process.stdout.write(
      `Target (invite pages, ${name}, by one app server process >= 300 req/s with p99 < 50 ms): ${pagesMet ? 'met' : 'NOT met'}\n`,
    );
  }
  process.stdout.write(`Pages sent browser-rendered after the load (invite read timed out): ${fallbacks} of 20\n`);
} finally {
  await appServer?.stop();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
