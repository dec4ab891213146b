// Runs the standard provider on its own, for the end-to-end tests:
//   node server/standard-ids/start.ts --port 4402 --app-origin http://127.0.0.1:4401 [--access-ttl S] [--claims name-picture] [--test-clock]
// It prints "ready" when it listens and stops on SIGTERM.
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
// --test-clock: the provider's clock (Date.now, by which oidc-provider dates and expires everything)
// moves on S seconds for each line "advance S" on standard input, answering "advanced" when done. A
// test expires a token at the moment it chooses, instead of waiting out a short lifetime.
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
