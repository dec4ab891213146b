import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { startReferenceServer, type RunningServer } from '../../scripts/reference-server.ts';

export const SCOPE = 'openid profile email offline_access';

/** oidc-provider in a child process on loopback (server/standard-ids/start.ts), stopped by its process id. */
async function startProvider(port: number, appOrigin: string, args: string[]): Promise<RunningServer> {
  const child = spawn(
    process.execPath,
    ['server/standard-ids/start.ts', '--port', String(port), '--app-origin', appOrigin, ...args],
    { stdio: ['ignore', 'pipe', 'inherit'] },
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
    setTimeout(() => resolve(false), 60_000).unref();
  });
  if (!started) {
    if (child.exitCode === null) process.kill(child.pid!, 'SIGTERM');
    await exited;
    throw new Error(`oidc-provider on port ${port} did not start`);
  }
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode === null) process.kill(child.pid!, 'SIGTERM');
      await exited;
    },
  };
}

export type StandardSetup = { app: string; issuer: string; stop: () => Promise<void> };
export type StandardOptions = { accessTtlSeconds?: number; claims?: 'full' | 'name-picture' };

/**
 * The standard set-up: oidc-provider, and a reference server (bike service and the built app)
 * whose served config points the app at it, with the one redirect path `/my-account/`.
 */
export async function startStandardSetup(
  ports: { app: number; ids: number },
  overridePath: string,
  { accessTtlSeconds, claims = 'full' }: StandardOptions = {},
): Promise<StandardSetup> {
  const app = `http://127.0.0.1:${ports.app}`;
  const ttl = accessTtlSeconds ? ['--access-ttl', String(accessTtlSeconds)] : [];
  const provider = await startProvider(ports.ids, app, [...ttl, '--claims', claims]);
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
