// The cross-engine run's set-up: the built app with the error recorder, stand-in store pages, the server, a display.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startReferenceServer } from '../../scripts/reference-server.ts';
import { PORTS, SERVED_DIST, STORE_DIR, STORE_PATHS } from './ports.ts';

const WORK = '.tmp/engines';
const DIST = SERVED_DIST;

function instrumentedBuild(): void {
  if (!existsSync('dist/index.html')) throw new Error('no dist/index.html: run `npm run build` first');
  rmSync(DIST, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  cpSync('dist', DIST, { recursive: true });
  cpSync(join(import.meta.dirname, 'watch.js'), join(DIST, 'assets/engine-watch.js'));
  const index = join(DIST, 'index.html');
  const html = readFileSync(index, 'utf8');
  if (!html.includes('<head>')) throw new Error('dist/index.html has no <head> to put the error recorder in');
  writeFileSync(index, html.replace('<head>', '<head>\n    <script src="/assets/engine-watch.js"></script>'));
}

/** Stand-in store pages on the app's origin: going back across origins has lost WebKit's WebDriver session. */
function storePages(): void {
  mkdirSync(join(DIST, STORE_DIR), { recursive: true });
  for (const path of Object.values(STORE_PATHS))
    writeFileSync(join(DIST, path), '<!doctype html><html lang="en"><title>store</title><p>store</p></html>\n');
}

/** Xvfb on a display number it picks itself (-displayfd), so parallel runs do not collide. */
function startDisplay(): Promise<{ display: string; stop: () => void }> {
  const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    xvfb.once('error', (error) =>
      reject(new Error(`Xvfb did not start (is the xvfb package installed?): ${error.message}`)),
    );
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited with ${code}`)));
    xvfb.stdio[3]!.once('data', (data: Buffer) =>
      resolve({ display: `:${data.toString().trim()}`, stop: () => xvfb.kill('SIGTERM') }),
    );
  });
}

export default async function setup(): Promise<() => Promise<void>> {
  instrumentedBuild();
  storePages();
  const override = join(WORK, 'config-override.json');
  writeFileSync(
    override,
    JSON.stringify({ appLink: { ios: STORE_PATHS.ios, android: STORE_PATHS.android, fallback: STORE_PATHS.other } }),
  );
  // A generous wait for the invite: the cases are about the engines, not this machine's speed.
  const flags = ['--dist', DIST, '--config-override', override, '--invite-timeout', '10000'];
  const server = await startReferenceServer(PORTS.server, flags);
  const display = await startDisplay();
  process.env.ENGINES_DISPLAY = display.display; // the workers inherit it
  return async () => {
    display.stop();
    await server.stop();
  };
}
