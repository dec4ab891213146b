// `npm start`: builds, then runs the demo on one port with its data, and prints its links and logins.
import { DEFAULT_SHUTDOWN_GRACE_MS, stopOnSignals } from '../http-kit/shutdown.ts';
import { inviteLink } from '../server/bike/owner-routes.ts';
import { demoInvites, demoPassword, demoUsers } from '../server/db/demo-data.ts';
import type { RunningIds } from '../server/standard-ids/provider.ts';
import { APP_ROOT } from '../src/contract/paths.ts';
import { optionsFromCli, usage } from './options.ts';
import { createDemoServer } from './server.ts';

const STANDARD_SCOPE = 'openid profile email offline_access';

/** `--ids standard`: oidc-provider on loopback, and the served config pointing the app at it. */
async function startStandard(port: number, idsPort: number | undefined, accessTtlSeconds: number): Promise<RunningIds> {
  if (idsPort === undefined && port === 0) throw new Error('--ids standard with --port 0 needs --ids-port');
  // Loaded only here: oidc-provider is a development dependency, for the demo and the tests.
  const { startStandardIds } = await import('../server/standard-ids/provider.ts');
  return startStandardIds({ port: idsPort ?? port + 1, appOrigin: `http://127.0.0.1:${port}`, accessTtlSeconds });
}

function standardConfig(issuer: string): Record<string, unknown> {
  return {
    login: { url: '', redirect_path: APP_ROOT },
    api: { ids: { url: '', issuer, scope: STANDARD_SCOPE } },
  };
}

function inviteHint(origin: string, dbPath: string): string {
  if (dbPath === ':memory:') return '  (In-memory database: `npm run invite` cannot reach it.)';
  const db = dbPath === 'data/app.db' ? '' : ` --db ${dbPath}`;
  const base = origin === 'http://127.0.0.1:8080' ? '' : ` --base-url ${origin}`;
  return `  Create another invite: npm run invite -- --bike 1${db}${base}`;
}

function banner(origin: string, brand: string, dbPath: string, standard: RunningIds | undefined): string {
  const links = demoInvites.map((invite) => `    ${invite.state.padEnd(9)} ${inviteLink(origin, invite.code)}`);
  const logins = demoUsers.map((user) => `    ${user.email.padEnd(20)} ${user.displayName}`);
  return [
    '',
    `  Bike invite demo (brand: ${brand}) is running at ${origin}${APP_ROOT}`,
    `  Database: ${dbPath}`,
    '',
    '  Demo invite links:',
    ...links,
    '',
    `  Every brand on its own host name, e.g. ${inviteLink(origin.replace(/\/\/[^:/]+/, '//stella.localhost'), 'DEMO-PENDING-1')}`,
    ...(standard ? ['  (sign-in through the standard provider works on the address above only)'] : []),
    `  Health: ${origin}/healthz, ${origin}/readyz   Metrics: ${origin}/metrics`,
    '',
    ...(standard
      ? [
          `  Identity service: oidc-provider at ${standard.issuer} (its development login: any password)`,
          '  Demo logins:',
        ]
      : [`  Demo logins (password for all: ${demoPassword}):`]),
    ...logins,
    '',
    inviteHint(origin, dbPath),
    '  Press Ctrl-C to stop.',
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  let options;
  try {
    options = optionsFromCli(process.argv.slice(2), process.env);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${usage}\n`);
    process.exit(2);
  }
  if (options.help) {
    process.stdout.write(`${usage}\n`);
    return;
  }
  let app;
  let standard: RunningIds | undefined;
  const lifecycle = { closing: false };
  try {
    if (options.ids === 'standard') {
      standard = await startStandard(options.port, options.idsPort, options.accessTtlSeconds);
      options = { ...options, configOverride: standardConfig(standard.issuer) };
    }
    app = createDemoServer({ ...options, lifecycle });
    await app.ready();
  } catch (error) {
    // A broken config.json, override or database: say what is wrong, without a stack trace.
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
  const running = app;
  stopOnSignals({
    lifecycle,
    graceMs: DEFAULT_SHUTDOWN_GRACE_MS,
    log: (message) => {
      if (!options.quiet) process.stdout.write(`\n  ${message}\n`);
    },
    close: () => Promise.all([running.close(), standard?.close()]),
  });

  await app.listen({ port: options.port, host: options.host });
  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : options.port;
  const host =
    options.host === '0.0.0.0' || options.host === '::'
      ? '127.0.0.1'
      : options.host.includes(':')
        ? `[${options.host}]`
        : options.host;
  if (!options.quiet)
    process.stdout.write(`${banner(`http://${host}:${port}`, options.brand, options.dbPath, standard)}\n`);
}

await main();
