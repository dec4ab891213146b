// `npm start` stopped as an operator stops it: SIGTERM while a client trickles its request. The
// client gets its 408 at its own deadline and the process exits 0, well within the grace period.
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { testBuild } from '../app-server/test/build.ts';

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** Waits for `check` to give a value: a condition, with the test's time-out as its only limit. */
async function until<T>(check: () => T | undefined): Promise<T> {
  for (;;) {
    const result = check();
    if (result !== undefined) return result;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('npm start, stopped with a slow client connected', () => {
  it('answers the slow client 408 at its deadline and exits 0', async () => {
    const { distDir, ssrDir } = testBuild();
    const args = ['demo/start.ts', '--port', '0', '--db', ':memory:', '--request-timeout', '1000'];
    const child = spawn(process.execPath, [...args, '--dist', distDir, '--ssr', ssrDir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const port = await until(() => /running at http:\/\/127\.0\.0\.1:(\d+)\//.exec(output)?.[1]);

    const socket = connect(Number(port), '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => void (received += chunk));
    socket.on('error', () => undefined);
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write('GET /my-account/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    // A byte at a time: never idle, never done.
    const trickle = setInterval(() => socket.writable && socket.write('x'), 100);
    try {
      // Answered after the server has read what came before on the slow connection.
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      child.kill('SIGTERM');
      await closed;
      expect(received).toMatch(/^HTTP\/1\.1 408 /);
      expect(await exited).toBe(0);
    } finally {
      clearInterval(trickle);
    }
  });
});
