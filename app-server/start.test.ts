// The app server's command (`npm run app-server`), run as an operator runs it: a child process,
// its options, and its stop on SIGTERM with connections still open. A stand-in bike service on
// loopback holds each invite read until the test lets it answer.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testBuild } from './test/build.ts';
import { answerPendingInvite, listenOnLoopback } from './test/bike-service.ts';

const held: ServerResponse[] = [];
let readArrived: () => void = () => undefined;
const service = createServer((_request, response) => {
  held.push(response);
  readArrived();
});
let serviceUrl: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  serviceUrl = await listenOnLoopback(service);
});
afterEach(() => {
  for (const response of held.splice(0)) response.destroy();
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await new Promise((resolve) => service.close(resolve));
});

/** Lets every held invite read answer: a pending invite. */
function answerHeldReads(): void {
  for (const response of held.splice(0)) {
    answerPendingInvite(response);
  }
}

type Started = {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; at: number }>;
};

function run(args: string[], env: Record<string, string> = {}): Started {
  const { distDir, ssrDir } = testBuild();
  const child = spawn(process.execPath, ['app-server/start.ts', '--dist', distDir, '--ssr', ssrDir, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production', ...env },
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.once('exit', (code) => resolve({ code, at: Date.now() })),
  );
  return { child, output: () => output, exited };
}

/** Waits for `check` to give a value: a condition, with the test's time-out as its only limit. */
async function until<T>(check: () => T | undefined | Promise<T | undefined>, what: string): Promise<T> {
  for (let tries = 0; ; tries++) {
    const result = await check();
    if (result !== undefined) return result;
    if (tries % 100 === 99) process.stderr.write(`still waiting: ${what}\n`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The app server on free ports: its address and its metrics address, once it listens. */
async function startAppServer(args: string[]) {
  const started = run([
    '--port',
    '0',
    '--metrics-port',
    '0',
    '--bike-service-url',
    serviceUrl,
    '--log-level',
    'warn',
    // Every page rendered, however busy the machine: these tests are about stopping, not shedding.
    '--max-event-loop-delay',
    '0',
    ...args,
  ]);
  const [, main, metrics] = await until(
    () =>
      /App server at (http:\/\/[^/]+)\/my-account\/, metrics at (http:\/\/[^/]+)\/metrics/.exec(started.output()) ??
      undefined,
    'the app server listens',
  );
  return { ...started, main: new URL(main!), metrics: metrics! };
}

/** A raw keep-alive connection, to send requests on and see exactly what comes back and when it closes. */
function openConnection(url: URL) {
  const socket: Socket = connect(Number(url.port), url.hostname);
  let received = '';
  let closed = false;
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  socket.on('close', () => (closed = true));
  socket.on('error', () => undefined);
  return {
    send: (path: string) => socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`),
    received: () => received,
    closed: () => closed,
  };
}

describe('stopping on SIGTERM', () => {
  it('turns not ready at once, finishes the request in flight, closes idle keep-alive connections, and exits 0', async () => {
    const server = await startAppServer(['--invite-timeout', '60000', '--shutdown-grace', '60000']);
    // An idle keep-alive connection: one answered request, then nothing.
    const idle = openConnection(server.main);
    idle.send('/healthz');
    await until(() => (idle.received().includes('"status":"ok"') ? true : undefined), 'the first answer');
    // A request in flight: its invite read is held by the stand-in bike service.
    const arrived = new Promise<void>((resolve) => (readArrived = resolve));
    const busy = openConnection(server.main);
    busy.send('/my-account/invite/ABC123');
    await arrived;

    server.child.kill('SIGTERM');
    await until(async () => {
      const answer = await fetch(`${server.metrics}/readyz`).catch(() => undefined);
      return answer?.status === 503 ? true : undefined;
    }, 'readiness turns 503');
    await until(() => (idle.closed() ? true : undefined), 'the idle connection is closed');
    expect(server.child.exitCode).toBeNull(); // still draining the request in flight

    answerHeldReads();
    const { code } = await server.exited;
    expect(code).toBe(0);
    expect(busy.received()).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(busy.received()).toMatch(/\r\nconnection: close\r\n/i);
    expect(busy.received()).toContain('<p class="user-card__name">Sofie</p>'); // the whole page, rendered
    expect(busy.received()).toContain('</html>');
    expect(busy.closed()).toBe(true);
  });

  it('exits within the grace period when a request in flight does not finish', async () => {
    const server = await startAppServer(['--invite-timeout', '600000', '--shutdown-grace', '1000']);
    const arrived = new Promise<void>((resolve) => (readArrived = resolve));
    const stuck = openConnection(server.main);
    stuck.send('/my-account/invite/ABC123');
    await arrived;
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    const { code, at } = await server.exited;
    expect(code).toBe(1);
    expect(at - signalled).toBeGreaterThanOrEqual(1000);
    // Well before any keep-alive time-out; loose, for a busy machine.
    expect(at - signalled).toBeLessThan(30_000);
    expect(server.output()).toContain('killed by timeout (1000ms)');
  });
});

describe('options', () => {
  it.each([
    [['--port', 'eighty'], '--port: must be a whole number >= 0, got "eighty"'],
    [['--bike-service-url', 'bikes.internal'], '--bike-service-url: "bikes.internal" is not an http(s) address'],
    [['--public-url', 'ftp://x.example'], '--public-url: "ftp://x.example" is not an http(s) address'],
    [['--trust-proxy', 'true'], '--trust-proxy: "true" is not an address, a CIDR range or one of loopback'],
    [['--log-level', 'loud'], '--log-level: must be one of fatal, error, warn, info'],
    [['--brands', 'no-such-brands.json'], '--brands: cannot read no-such-brands.json (ENOENT)'],
    [['--config', 'no-such-config.json'], '--config: cannot read no-such-config.json (ENOENT)'],
    [['--brands', 'b.json', '--public-url', 'https://x.example'], '--brands: the brand map names each brand'],
  ])('a bad option stops the start, naming it: %j', async (args, message) => {
    const started = run(args);
    const { code } = await started.exited;
    expect(code).toBe(1);
    expect(started.output()).toContain(`app server not started: ${message}`);
  });

  // A container is configured by environment variables (docs/deploy.md#the-image): each is read as its flag.
  it.each([
    ['SHUTDOWN_GRACE', '--shutdown-grace'],
    ['MAX_RENDERING', '--max-rendering'],
    ['MAX_EVENT_LOOP_DELAY', '--max-event-loop-delay'],
    ['INVITE_TIMEOUT', '--invite-timeout'],
    ['REQUEST_TIMEOUT', '--request-timeout'],
  ])('%s stands for %s, and a bad value stops the start naming the flag', async (name, flag) => {
    const started = run([], { [name]: 'soon' });
    const { code } = await started.exited;
    expect(code).toBe(1);
    expect(started.output()).toContain(`app server not started: ${flag}: must be a whole number`);
  });

  it('a brand’s own words that do not fit its texts stop the start, naming the file and the key', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bike-invite-start-'));
    const config = join(dir, 'config.json');
    writeFileSync(config, JSON.stringify({ texts: { en: { 'invite-page.title': 'Hello {{name}}' } } }));
    const started = run(['--config', config, '--port', '0', '--bike-service-url', serviceUrl]);
    const { code } = await started.exited;
    rmSync(dir, { recursive: true, force: true });
    expect(code).toBe(1);
    expect(started.output()).toContain(
      `app server not started: ${config}: refused by the app: texts.en.invite-page.title: has the placeholders {{name}}, the original none`,
    );
  });
});
