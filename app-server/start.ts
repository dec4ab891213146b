// `npm run app-server -- [options]`: the app server alone, against identity and bike services
// elsewhere (docs/deploy.md). `npm start` runs it together with the reference services instead.
import { parseArgs } from 'node:util';
import { positiveInt } from '../server/config.ts';
import { createAppServer, defaultAppServerOptions } from './app-server.ts';

export const usage = `Usage: npm run app-server -- [options]
  --port N               port to listen on (env PORT, default 8080)
  --host H               address to bind (env HOST, default 127.0.0.1)
  --dist DIR             the built app (default dist)
  --ssr DIR              its server renderer (default dist-ssr)
  --config FILE          the brand's config.json (default DIR/assets/config.json)
  --bike-service-url U   the bike service's base for the server's invite reads, e.g.
                         http://bikes.internal/api/v1/ (env BIKE_SERVICE_URL; default: the
                         config's api.bike address, resolved against the request's origin)
  --public-url U         the app's public origin for link previews, e.g. https://invite.brand.com
                         (env PUBLIC_URL; default: the request's own)
  --invite-timeout MS    how long a page waits for its invite before the browser renders it
                         (default ${defaultAppServerOptions.inviteTimeoutMs})
  --trust-proxy          take protocol and host from X-Forwarded-* headers
  --log-level L          fastify log level (default warn)`;

function httpUrl(value: string | undefined, name: string): string | undefined {
  if (value === undefined) return undefined;
  const url = new URL(value);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${name} must be an http(s) address`);
  return name === 'public-url' ? url.origin : url.href.endsWith('/') ? url.href : `${url.href}/`;
}

async function main(): Promise<void> {
  let values;
  try {
    values = parseArgs({
      args: process.argv.slice(2),
      strict: true,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        dist: { type: 'string' },
        ssr: { type: 'string' },
        config: { type: 'string' },
        'bike-service-url': { type: 'string' },
        'public-url': { type: 'string' },
        'invite-timeout': { type: 'string' },
        'trust-proxy': { type: 'boolean' },
        'log-level': { type: 'string' },
        help: { type: 'boolean' },
      },
    }).values;
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${usage}\n`);
    process.exit(2);
  }
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return;
  }
  const env = process.env;
  let app;
  let port;
  try {
    port = positiveInt(values.port ?? env.PORT ?? '8080', 'port', 0);
    app = await createAppServer({
      distDir: values.dist ?? defaultAppServerOptions.distDir,
      ssrDir: values.ssr ?? defaultAppServerOptions.ssrDir,
      configPath: values.config,
      bikeServiceUrl: httpUrl(values['bike-service-url'] ?? env.BIKE_SERVICE_URL, 'bike-service-url'),
      publicUrl: httpUrl(values['public-url'] ?? env.PUBLIC_URL, 'public-url'),
      inviteTimeoutMs: values['invite-timeout']
        ? positiveInt(values['invite-timeout'], 'invite-timeout', 0)
        : defaultAppServerOptions.inviteTimeoutMs,
      trustProxy: values['trust-proxy'] ?? false,
      logLevel: values['log-level'] ?? defaultAppServerOptions.logLevel,
    });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
  const stop = () => void app.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const address = await app.listen({ port, host: values.host ?? env.HOST ?? '127.0.0.1' });
  process.stdout.write(`App server at ${address}/my-account/\n`);
}

await main();
