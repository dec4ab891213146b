import type { FastifyInstance } from 'fastify';
import { appServerPlugin } from '../app-server/app-plugin.ts';
import { brandFrom, type Brand } from '../app-server/brands.ts';
import type { Lifecycle } from '../http-kit/health.ts';
import { createHttpServer } from '../http-kit/http-server.ts';
import { client } from '../http-kit/metrics.ts';
import { REFERENCE_MAX_PARAM_LENGTH, referenceServices } from '../server/app.ts';
import { BRAND_NAMES } from '../src/contract/themes.ts';
import { brandLogo, buildAppConfig } from './app-config.ts';
import { defaultOptions, type DemoOptions } from './options.ts';

export type CreateDemoServerOptions = Partial<DemoOptions> & {
  seed?: boolean;
  /** Shared with start.ts, which turns `closing` on at SIGTERM. */
  lifecycle?: Lifecycle;
};

/** The brands `npm start` serves: the chosen one on the loopback names, every brand on `{key}.localhost` (decision 0027). */
function demoBrands(options: DemoOptions, port: () => string, loopback: () => string | undefined): Brand[] {
  const keys = BRAND_NAMES.filter((key) => key !== options.brand);
  const override = options.configOverridePath ? ` with ${options.configOverridePath}` : '';
  const publicHost = options.publicUrl ? new URL(options.publicUrl).hostname : undefined;
  const own = ['localhost', '127.0.0.1', '[::1]', ...(publicHost ? [publicHost] : [])];
  return [options.brand, ...keys].map((key) =>
    brandFrom({
      hosts: [...(key === options.brand ? own : []), `${key}.localhost`],
      source: `the config.json served for ${key}${override}`,
      configText: JSON.stringify(
        buildAppConfig(options.distDir, key, options.configOverridePath, options.configOverride),
      ),
      origin: (host) => (host === publicHost ? options.publicUrl! : `http://${host}${port()}`),
      bikeServiceUrl: undefined,
      serviceOrigin: () => loopback() ?? `http://127.0.0.1${port()}`,
    }),
  );
}

/** The app server and the reference services on one port, as `npm start` runs them; `inject()` it in tests. */
export function createDemoServer(partial: CreateDemoServerOptions = {}): FastifyInstance {
  const options: DemoOptions = { ...defaultOptions, ...partial };
  const registry = new client.Registry();
  const app = createHttpServer({
    logLevel: options.logLevel,
    trustProxy: options.trustProxy,
    requestTimeoutMs: options.requestTimeoutMs,
    maxParamLength: REFERENCE_MAX_PARAM_LENGTH,
    lifecycle: partial.lifecycle ?? { closing: false },
    registry,
    metricsRoute: true,
    labels: { brand: (request) => request.brand?.key },
  });
  // Where this server listens, for the app server's own invite reads (set once it listens).
  let loopbackOrigin: string | undefined;
  const listeningPort = () => {
    const address = app.server.address();
    return address && typeof address === 'object' ? `:${address.port}` : options.port ? `:${options.port}` : '';
  };
  // A config the app would refuse, or a malformed appStore, stops the start, naming the field.
  const brands = demoBrands(options, listeningPort, () => loopbackOrigin);
  app.register(appServerPlugin, {
    brands,
    distDir: options.distDir,
    ssrDir: options.ssrDir,
    inviteTimeoutMs: options.inviteTimeoutMs,
    registry,
    // Its bike service is this very process: ready when it is.
    checkBikeServices: false,
    serveSourceMaps: options.serveSourceMaps,
    fieldRateLimit: options.fieldRateLimit,
  });
  app.after(() => app.allowInCsp({ styleHashes: options.allowStyles }));
  app.register(referenceServices, {
    port: options.port,
    brand: options.brand,
    dbPath: options.dbPath,
    seed: partial.seed !== false,
    mediaDir: options.mediaDir,
    logo: brandLogo(options.distDir, options.brand),
    // The brands' origins may receive codes. Not [::1]: a CSP cannot name an IPv6 address.
    hosts: brands.flatMap((brand) => brand.hosts).filter((host) => !host.startsWith('[')),
    issuer: brands[0]!.config.api.ids.issuer,
    // Its sign-in pages in the languages of the brand whose app sends the invitee, as the app offers them.
    languageOffer: (host) => (brands.find((brand) => host && brand.hosts.includes(host)) ?? brands[0]!).config,
    accessTtlSeconds: options.accessTtlSeconds,
    refreshTtlSeconds: options.refreshTtlSeconds,
    tokenRateLimit: options.tokenRateLimit,
    ownerLimits: options.ownerLimits,
    eventStreams: options.eventStreams,
    registrationsPerClient: options.registrationsPerClient,
    allowedOrigins: options.allowedOrigins,
    publicUrl: options.publicUrl,
    now: options.now,
    testClock: options.testClock,
    // Each brand's sign-in pages in its register and with its own words.
    voices: new Map(brands.flatMap((brand) => brand.hosts.map((host) => [host, brand.config] as const))),
  });
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (address && typeof address === 'object') {
      const host = ['0.0.0.0', '::'].includes(address.address) ? '127.0.0.1' : address.address;
      loopbackOrigin = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
    }
  });
  return app;
}
