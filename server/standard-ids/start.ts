// The standard provider alone, for the end-to-end tests; prints "ready", stops on SIGTERM.
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { startStandardIds } from './provider.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    'app-origin': { type: 'string' },
    'access-ttl': { type: 'string' },
    claims: { type: 'string' },
    'test-clock': { type: 'boolean' },
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
  process.stderr.write(
    'usage: --port N --app-origin URL [--access-ttl S] [--claims full|name-picture] [--test-clock]\n',
  );
  process.exit(2);
}
// --test-clock: "advance S" on standard input moves the provider's clock on S seconds, so a test
// expires a token when it chooses.
if (values['test-clock']) {
  let offsetMs = 0;
  const realNow = Date.now;
  Date.now = () => realNow() + offsetMs;
  createInterface({ input: process.stdin }).on('line', (line) => {
    const seconds = /^advance (\d+)$/.exec(line.trim())?.[1];
    if (seconds === undefined) return void process.stderr.write(`--test-clock: not "advance S": ${line}\n`);
    offsetMs += Number(seconds) * 1000;
    process.stdout.write('advanced\n');
  });
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
