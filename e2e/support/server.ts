import { spawn } from 'node:child_process';

export type RunningServer = { url: string; stop: () => Promise<void> };

/** Starts another reference server (fresh in-memory data) on a loopback port; stop() ends it by its PID. */
export async function startServer(port: number, args: string[] = []): Promise<RunningServer> {
  const child = spawn(
    process.execPath,
    ['server/start.ts', '--port', String(port), '--host', '127.0.0.1', '--db', ':memory:', '--quiet', ...args],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let attempt = 0; ; attempt++) {
    try {
      if ((await fetch(`${url}/assets/config.json`)).ok) break;
    } catch {
      if (attempt > 100 || child.exitCode !== null) throw new Error(`server on port ${port} did not start`);
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
