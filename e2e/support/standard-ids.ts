import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { startReferenceServer, type RunningServer } from '../../scripts/reference-server.ts';
import { WAIT } from './slow-machine.ts';

export const SCOPE = 'openid profile email offline_access';

type RunningProvider = RunningServer & { advanceClock: (seconds: number) => Promise<void> };

/** oidc-provider in a child process on loopback, with its test clock (`advanceClock`). */
async function startProvider(port: number, appOrigin: string, args: string[]): Promise<RunningProvider> {
  const child = spawn(
    process.execPath,
    ['server/standard-ids/start.ts', '--port', String(port), '--app-origin', appOrigin, '--test-clock', ...args],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // It prints "ready" once it listens; a start that fails (a port in use) ends the process.
  const started = await new Promise<boolean>((resolve) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready ')) resolve(true);
    });
    child.once('exit', () => resolve(false));
    setTimeout(() => resolve(false), WAIT.serverStart).unref();
  });
  if (!started) {
    if (child.exitCode === null) process.kill(child.pid!, 'SIGTERM');
    await exited;
    throw new Error(`oidc-provider on port ${port} did not start`);
  }
  return {
    url: `http://127.0.0.1:${port}`,
    advanceClock: (seconds) =>
      new Promise((resolve) => {
        const answered = (chunk: Buffer) => {
          if (!chunk.toString().includes('advanced')) return;
          child.stdout.off('data', answered);
          resolve();
        };
        child.stdout.on('data', answered);
        child.stdin.write(`advance ${seconds}\n`);
      }),
    stop: async () => {
      if (child.exitCode === null) process.kill(child.pid!, 'SIGTERM');
      await exited;
    },
  };
}

export type StandardSetup = {
  app: string;
  issuer: string;
  /** Moves the provider's clock on, so that its tokens expire when the test says (server/standard-ids/start.ts). */
  advanceProviderClock: (seconds: number) => Promise<void>;
  stop: () => Promise<void>;
};
export type StandardOptions = { claims?: 'full' | 'name-picture' };

/** oidc-provider and a reference server whose config points the app at it, one redirect path `/my-account/`. */
export async function startStandardSetup(
  ports: { app: number; ids: number },
  overridePath: string,
  { claims = 'full' }: StandardOptions = {},
): Promise<StandardSetup> {
  const app = `http://127.0.0.1:${ports.app}`;
  const provider = await startProvider(ports.ids, app, ['--claims', claims]);
  writeFileSync(
    overridePath,
    JSON.stringify({
      login: { url: '', redirect_path: '/my-account/' },
      api: { ids: { url: '', issuer: provider.url, client_id: 'my-account', scope: SCOPE } },
    }),
  );
  let server: RunningServer;
  try {
    server = await startReferenceServer(ports.app, ['--config-override', overridePath]);
  } catch (error) {
    await provider.stop();
    throw error;
  }
  return {
    app,
    issuer: provider.url,
    advanceProviderClock: provider.advanceClock,
    stop: async () => {
      await server.stop();
      await provider.stop();
    },
  };
}

/** oidc-provider's own login page (its development interactions). */
export class ProviderLoginPage {
  private readonly page: Page;
  private readonly issuer: string;

  constructor(page: Page, issuer: string) {
    this.page = page;
    this.issuer = issuer;
  }

  get password() {
    return this.page.locator('input[name="password"]');
  }

  async waitUntilShown(): Promise<void> {
    await expect(this.page).toHaveURL(new RegExp(`^${this.issuer}/interaction/`));
    await expect(this.page.getByRole('heading', { name: 'Sign-in' })).toBeVisible();
    await expect(this.password).toBeVisible();
  }

  /** Signs in, and gives consent when the provider asks for it (the first time for this grant). */
  async signIn(email: string, appOrigin: string): Promise<void> {
    await this.page.locator('input[name="login"]').fill(email);
    await this.password.fill('any password');
    await this.page.getByRole('button', { name: 'Sign-in' }).click();
    const consent = this.page.getByRole('button', { name: 'Continue' });
    // Its consent page, or straight back to the app (whose page renders into #root).
    await expect(consent.or(this.page.locator('#root > *').first())).toBeVisible();
    if (this.page.url().startsWith(this.issuer)) await consent.click();
    await this.page.waitForURL((url) => url.origin === appOrigin && !url.searchParams.has('state'));
    await this.page.waitForLoadState('load');
  }
}
