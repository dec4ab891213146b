import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nginxConfForTest } from './nginx-config.ts';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export type RunningNginx = { origin: string; stop: () => Promise<void> };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function logTail(tempDir: string, output: string): string {
  let log = '';
  try {
    log = readFileSync(join(tempDir, 'error.log'), 'utf8');
  } catch {
    // nginx stopped before opening its log: its own output says why.
  }
  return `${output}${log}`.trim().split('\n').slice(-20).join('\n');
}

/** Debian's nginx with deploy/nginx.conf on a free loopback port; `stop` ends that process by its PID. */
export async function startNginx(
  repoDir: string,
  servicesOrigin: string,
  wellKnownDir?: string,
  brotliModule?: string,
): Promise<RunningNginx> {
  const tempDir = mkdtempSync(join(tmpdir(), 'bike-invite-nginx-'));
  const port = await freePort();
  const confPath = join(tempDir, 'nginx.conf');
  writeFileSync(confPath, nginxConfForTest({ repoDir, tempDir, port, servicesOrigin, wellKnownDir, brotliModule }));

  const child: ChildProcess = spawn(
    NGINX,
    ['-p', tempDir, '-e', join(tempDir, 'error.log'), '-c', confPath, '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let hasExited = false;
  void exited.then(() => (hasExited = true));
  const spawnError = new Promise<Error>((resolve) => child.once('error', resolve));

  const stop = async () => {
    if (!hasExited && child.pid !== undefined) {
      process.kill(child.pid, 'SIGQUIT');
      await Promise.race([exited, sleep(5000)]);
      if (!hasExited) process.kill(child.pid, 'SIGKILL');
    }
    rmSync(tempDir, { recursive: true, force: true });
  };

  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const failed = await Promise.race([spawnError, sleep(0).then(() => undefined)]);
    if (failed || hasExited) {
      const why = failed ? failed.message : logTail(tempDir, output);
      await stop();
      throw new Error(`nginx did not start (${NGINX}): ${why}`);
    }
    try {
      await fetch(`${origin}/index.html`, { method: 'HEAD' });
      return { origin, stop };
    } catch {
      await sleep(100);
    }
  }
  const why = logTail(tempDir, output);
  await stop();
  throw new Error(`nginx did not answer on ${origin} within 10 s: ${why}`);
}
