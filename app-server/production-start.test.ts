// The production start (docs/deploy.md#production-start, decision 0026): what a deployment holds, installed
// with `npm ci --omit=dev` and started by Node 24 alone, renders an invite page, so every module the
// app server loads at run time is a dependency. Slow: an npm install (from npm's cache when it is warm).
import { execFile, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { testBuild } from './test/build.ts';
import { answerPendingInvite, listenOnLoopback } from './test/bike-service.ts';
import { SERVER_DATA_ID } from '../src/contract/page-protocol.ts';

/** What a production deployment copies: the app server, what it imports, and the lock; and the build. */
const DEPLOYED = ['package.json', 'package-lock.json', 'app-server', 'http-kit', 'src'];

const dir = mkdtempSync(join(tmpdir(), 'bike-invite-production-'));
const service = createServer((_request, response) => {
  answerPendingInvite(response);
});
let child: ReturnType<typeof spawn> | undefined;

afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGTERM');
  await new Promise((resolve) => service.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

it('starts from `npm ci --omit=dev` on Node 24 and renders an invite page', { timeout: 300_000 }, async () => {
  for (const path of DEPLOYED) cpSync(path, join(dir, path), { recursive: true });
  cpSync(testBuild().distDir, join(dir, 'dist'), { recursive: true });
  cpSync(testBuild().ssrDir, join(dir, 'dist-ssr'), { recursive: true });
  await promisify(execFile)('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], {
    cwd: dir,
    timeout: 240_000,
  });
  // No development dependency came along: not the build tool, not the Node binary package.
  for (const devOnly of ['vite', 'vitest', 'node', 'oidc-provider', 'jsdom'])
    expect(existsSync(join(dir, 'node_modules', devOnly)), devOnly).toBe(false);

  const serviceUrl = await listenOnLoopback(service);
  // Node 24 runs the .ts files itself (type stripping); here the dev install's own Node 24 binary.
  child = spawn(
    process.execPath,
    ['app-server/start.ts', '--port', '0', '--bike-service-url', serviceUrl, '--max-event-loop-delay', '0'],
    {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH, NODE_ENV: 'production' },
    },
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => child!.once('exit', resolve));
  const address = await Promise.race([
    (async () => {
      for (;;) {
        const match = /App server at (http:\/\/\S+)\/my-account\//.exec(output);
        if (match) return match[1];
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })(),
    exited.then(() => {
      throw new Error(`the app server stopped:\n${output}`);
    }),
  ]);
  const page = await (await fetch(`${address}/my-account/invite/ABC123`)).text();
  expect(page).toContain('<p class="user-card__name">Sofie</p>');
  expect(page).toContain(`id="${SERVER_DATA_ID}"`);
});
