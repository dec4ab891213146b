// The demo in a child process on a loopback port, for tests, benchmarks and screenshots.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'node:net';

export type RunningServer = { url: string; stop: () => Promise<void> };

/** A free loopback port, for when the caller has no fixed one. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** The demo's start command in a checkout (a benchmark may run a build from an older one). */
export function demoStart(root: string): string | undefined {
  return ['demo/start.ts', join('server', 'start.ts')].find((script) => existsSync(join(root, script)));
}

/** `args`: demo/start.ts flags (default: an in-memory database); `root`: the checkout whose server runs. */
export async function startReferenceServer(port: number, args: string[] = [], root = '.'): Promise<RunningServer> {
  const flags = ['--port', String(port), '--host', '127.0.0.1', '--quiet', ...args];
  if (!args.includes('--db')) flags.push('--db', ':memory:');
  const script = demoStart(root);
  if (!script) throw new Error(`${root} holds no demo start command`);
  return startServer(script, port, flags, root);
}

/** The app server alone (app-server/start.ts, production React), with its `args`. */
export async function startAppServer(port: number, args: string[] = []): Promise<RunningServer> {
  return startServer('app-server/start.ts', port, ['--port', String(port), '--host', '127.0.0.1', ...args]);
}

async function startServer(script: string, port: number, flags: string[], root = '.'): Promise<RunningServer> {
  const child = spawn(process.execPath, [script, ...flags], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  // A deadline, not a count: on a busy machine Node alone can take many seconds to start.
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/assets/config.json`)).ok) break;
    } catch {
      if (Date.now() > deadline || child.exitCode !== null) {
        if (child.exitCode === null) process.kill(child.pid!, 'SIGTERM'); // leave nothing behind
        throw new Error(`the server on port ${port} did not start`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) process.kill(child.pid!, 'SIGTERM');
      await exited;
    },
  };
}
