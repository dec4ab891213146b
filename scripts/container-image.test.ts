// The app server's image, started as a platform would start it (docs/deploy.md#the-image): built by
// `npm run image`, run read-only as its own non-root user, configured by mounted files and
// environment variables, in front of the reference services on the host; checked from outside.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { answerPendingInvite, listenOnLoopback } from '../app-server/test/bike-service.ts';
import { SERVER_DATA_ID } from '../src/contract/page-protocol.ts';
import { buildImage, IMAGE, imageSize, podman, podmanEnv, requirePodman } from './container-image.ts';
import { freePort, type RunningServer, startReferenceServer } from './reference-server.ts';

const NAME = `bike-invite-image-test-${process.pid}`;
const BRANDS = [
  { host: 'invite.sparta.test', app: 'sparta', languages: ['nl', 'en', 'de'], lang: 'nl' },
  { host: 'invite.crescent.test', app: 'crescent', languages: ['sv', 'en'], lang: 'sv' },
];
const SLOW_HOST = 'invite.slow.test';
const dir = mkdtempSync(join(tmpdir(), 'bike-invite-image-'));
let reference: RunningServer | undefined;
let appPort: number;
let metricsPort: number;
let heldRead: ServerResponse | undefined;
let readArrived: () => void;
const readHeld = new Promise<void>((resolve) => (readArrived = resolve));
// A bike service that holds its invite read until the test lets it go: a request in flight at SIGTERM.
const slowService = createServer((req, response) => {
  if (!req.url?.includes('invite-code')) return void response.writeHead(404).end();
  heldRead = response;
  readArrived();
});

/** GET from the container by host name, as a load balancer would pass it on. */
function get(port: number, path: string, host = '127.0.0.1'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, headers: { host } }, (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body }));
    })
      .on('error', reject)
      .end();
  });
}

async function waitFor(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen; the container said:\n${logs()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const logs = () => {
  try {
    return execFileSync('podman', ['logs', NAME], { env: podmanEnv, encoding: 'utf8', stdio: 'pipe' });
  } catch (error) {
    return String(error);
  }
};

beforeAll(
  async () => {
    requirePodman();
    await buildImage();
    reference = await startReferenceServer(await freePort());
    const slowUrl = await listenOnLoopback(slowService);
    const brandMap = {
      brands: [
        ...BRANDS.map(({ host, app }) => ({
          hosts: [host],
          config: `${app}.json`,
          publicUrl: `https://${host}`,
          bikeServiceUrl: `${reference!.url}/api/v1/`,
        })),
        { hosts: [SLOW_HOST], config: 'sparta.json', publicUrl: `https://${SLOW_HOST}`, bikeServiceUrl: slowUrl },
      ],
    };
    writeFileSync(join(dir, 'brands.json'), JSON.stringify(brandMap));
    for (const { app, languages, lang } of BRANDS)
      writeFileSync(
        join(dir, `${app}.json`),
        JSON.stringify({ app, logo: `/assets/img/${app}_logo.svg`, languages, defaultLanguage: lang }),
      );
    // Readable by the image's own user, as a ConfigMap's files are.
    chmodSync(dir, 0o755);
    for (const file of ['brands.json', ...BRANDS.map(({ app }) => `${app}.json`)]) chmodSync(join(dir, file), 0o644);
    appPort = await freePort();
    metricsPort = await freePort();
  },
  // A cold run makes the base image and installs every package; a warm one reuses both.
  1_800_000,
);

afterAll(async () => {
  try {
    podman(['rm', '--force', '--ignore', NAME]);
  } finally {
    await reference?.stop();
    slowService.closeAllConnections();
    await new Promise((resolve) => slowService.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  }
});

it('is at most 250 MB and labelled with its source, revision, version and licences', () => {
  const size = imageSize();
  process.stdout.write(`image ${IMAGE}: ${(size / 1e6).toFixed(0)} MB uncompressed\n`);
  expect(size).toBeLessThanOrEqual(250e6);
  const labels = JSON.parse(podman(['image', 'inspect', '--format', '{{json .Labels}}', IMAGE])) as Record<
    string,
    string
  >;
  const revision = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  expect(labels['org.opencontainers.image.revision']).toBe(revision);
  for (const name of ['source', 'version', 'licenses']) expect(labels[`org.opencontainers.image.${name}`]).toBeTruthy();
});

it(
  'starts read-only as a non-root user, serves two brands, logs JSON without secrets, and drains on SIGTERM',
  { timeout: 180_000 },
  async () => {
    const started = performance.now();
    podman([
      'run',
      '--detach',
      '--name',
      NAME,
      // The host's loopback: the reference services are there, and nothing leaves this machine.
      '--network',
      'host',
      // No writable /tmp either, as with readOnlyRootFilesystem and no volume for it.
      '--read-only',
      '--read-only-tmpfs=false',
      '--volume',
      `${dir}:/etc/bike-invite:ro`,
      '--env',
      'BRANDS=/etc/bike-invite/brands.json',
      '--env',
      'HOST=127.0.0.1',
      '--env',
      `PORT=${appPort}`,
      '--env',
      `METRICS_PORT=${metricsPort}`,
      // The held read must outlast the SIGTERM: the page waits for it rather than going out unrendered.
      '--env',
      'INVITE_TIMEOUT=120000',
      '--env',
      'SHUTDOWN_GRACE=120000',
      IMAGE,
    ]);
    await waitFor('readiness', async () => (await get(metricsPort, '/readyz')).status === 200);
    const readyMs = Math.round(performance.now() - started);
    // The processor time the app server spent getting ready (/proc/1/stat, in 1/100 s): on a busy
    // machine the wall clock above counts the waits for a core too.
    const stat = podman(['exec', NAME, 'cat', '/proc/1/stat']).split(') ')[1]!.split(' ');
    const cpuMs = (Number(stat[11]) + Number(stat[12])) * 10;
    process.stdout.write(`podman run to ready: ${readyMs} ms (the app server's CPU time to ready: ${cpuMs} ms)\n`);

    const inside = podman([
      'exec',
      NAME,
      '/usr/local/bin/node',
      '-e',
      `const fs = require('node:fs');
     let write = 'written';
     try { fs.writeFileSync('/app/probe', 'x'); } catch (error) { write = error.code; }
     console.log(JSON.stringify({ uid: process.getuid(), version: process.version, write, vite: fs.existsSync('/app/node_modules/vite') }));`,
    ]);
    const facts = JSON.parse(inside) as { uid: number; version: string; write: string; vite: boolean };
    expect(facts.uid).not.toBe(0);
    expect(facts.version).toMatch(/^v24\./);
    expect(facts.write).toBe('EROFS');
    expect(facts.vite).toBe(false);

    for (const { host, app, lang } of BRANDS) {
      const page = await get(appPort, '/my-account/invite/DEMO-PENDING-1', host);
      expect(page.status).toBe(200);
      expect(page.body).toContain(`lang="${lang}"`);
      expect(page.body).toContain(`/assets/img/${app}_logo.svg`);
      expect(page.body).toContain(`id="${SERVER_DATA_ID}"`); // rendered on the server, with the invite
    }

    const metrics = await get(metricsPort, '/metrics');
    expect(metrics.status).toBe(200);
    for (const { app } of BRANDS)
      expect(metrics.body).toMatch(new RegExp(`http_request_duration_seconds_count\\{[^}]*brand="${app}"`));

    const lines = logs()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const invite = lines.find((line) => line.brand === 'crescent' && String(line.url).includes('/my-account/invite/'));
    expect(invite).toMatchObject({ method: 'GET', status: 200 });
    expect(logs()).not.toContain('DEMO-PENDING-1');

    // A request in flight when SIGTERM comes: answered in full, then the process exits 0.
    const inFlight = get(appPort, '/my-account/invite/SLOWCODE1', SLOW_HOST);
    await readHeld;
    const stopping = new Promise<number | null>((resolve) => {
      spawn('podman', ['stop', '--time', '150', NAME], { env: podmanEnv, stdio: 'ignore' }).once('exit', resolve);
    });
    await waitFor('readiness turning 503 at SIGTERM', async () => (await get(metricsPort, '/readyz')).status === 503);
    answerPendingInvite(heldRead!);
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('Sofie');
    expect(await stopping).toBe(0);
    expect(podman(['inspect', '--format', '{{.State.ExitCode}}', NAME]).trim()).toBe('0');
    expect(logs()).toContain('SIGTERM: stopping');
  },
);
