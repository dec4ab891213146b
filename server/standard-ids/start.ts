// Runs the standard provider on its own, for the end-to-end tests:
//   node server/standard-ids/start.ts --port 4402 --app-origin http://127.0.0.1:4401 [--access-ttl S] [--claims name-picture]
// It prints "ready" when it listens and stops on SIGTERM.
import { parseArgs } from 'node:util';
import { startStandardIds } from './provider.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    'app-origin': { type: 'string' },
    'access-ttl': { type: 'string' },
    claims: { type: 'string' },
  },
  strict: true,
});
const port = Number(values.port);
const appOrigin = values['app-origin'];
const claims = values.claims ?? 'full';
if (
  !Number.isInteger(port) ||
  port < 1 ||
  !appOrigin ||
  !URL.canParse(appOrigin) ||
  (claims !== 'full' && claims !== 'name-picture')
) {
  process.stderr.write('usage: --port N --app-origin URL [--access-ttl S] [--claims full|name-picture]\n');
  process.exit(2);
}
const ids = await startStandardIds({
  port,
  appOrigin: new URL(appOrigin).origin,
  claims,
  ...(values['access-ttl'] ? { accessTtlSeconds: Number(values['access-ttl']) } : {}),
});
process.stdout.write(`ready ${ids.issuer}\n`);
process.on('SIGTERM', () => void ids.close().then(() => process.exit(0)));
process.on('SIGINT', () => void ids.close().then(() => process.exit(0)));
