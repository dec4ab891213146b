import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import { configOrigins } from '../server/http/app-config.ts';
import { registerProblemHandlers } from '../server/http/problem.ts';
import { registerSecurityHeaders, securityHeaders } from '../server/http/security-headers.ts';
import { defaultRequestTimeoutMs, serverOptions } from '../server/http/server-options.ts';
import { registerStatic } from '../server/http/static.ts';
import { createAppDocuments, DEFAULT_INVITE_TIMEOUT_MS } from './app-documents.ts';

// The app server on its own, in front of identity and bike services that live elsewhere. It holds
// no state: every copy behind a load balancer answers every request the same. (With `npm start`
// the reference server includes the same documents, server/app.ts.) The HTTP pieces it shares with
// the reference server — static files and their caching, security headers, problem answers — are
// in server/http/.

export type AppServerOptions = {
  distDir: string;
  ssrDir: string;
  /** The config file to serve and render with; default: the build's assets/config.json. */
  configPath: string | undefined;
  /** The bike service's base address for the server's own invite reads (e.g. http://bikes.internal/api/v1/). */
  bikeServiceUrl: string | undefined;
  /** The app's public origin, for preview addresses; default: the request's. */
  publicUrl: string | undefined;
  inviteTimeoutMs: number;
  /** Take the protocol and host from X-Forwarded-* (behind a load balancer or proxy). */
  trustProxy: boolean;
  /** How long a request may take to arrive before its connection is closed. */
  requestTimeoutMs: number;
  logLevel: string;
};

export const defaultAppServerOptions: AppServerOptions = {
  distDir: 'dist',
  ssrDir: 'dist-ssr',
  configPath: undefined,
  bikeServiceUrl: undefined,
  publicUrl: undefined,
  inviteTimeoutMs: DEFAULT_INVITE_TIMEOUT_MS,
  trustProxy: false,
  requestTimeoutMs: defaultRequestTimeoutMs,
  logLevel: 'warn',
};

export async function createAppServer(partial: Partial<AppServerOptions> = {}): Promise<FastifyInstance> {
  const options = { ...defaultAppServerOptions, ...partial };
  const configText = readFileSync(options.configPath ?? join(options.distDir, 'assets', 'config.json'), 'utf8');
  const appConfig = JSON.parse(configText) as Record<string, unknown>;
  // Set below once the documents' inline sources are known; answers before routing read it too.
  let headers = securityHeaders({ connect: [], img: [] });
  const app = Fastify({
    logger: { level: options.logLevel },
    trustProxy: options.trustProxy,
    ...serverOptions({ requestTimeoutMs: options.requestTimeoutMs, headers: () => headers }),
  });
  const documents = await createAppDocuments(
    {
      distDir: options.distDir,
      ssrDir: options.ssrDir,
      configText,
      bikeServiceUrl: () => options.bikeServiceUrl,
      publicUrl: options.publicUrl,
      inviteTimeoutMs: options.inviteTimeoutMs,
    },
    (message) => app.log.warn(message),
  );
  if (!documents) throw new Error(`no built app in ${options.distDir}: run \`npm run build\` first`);
  await app.register(async (instance) => {
    registerProblemHandlers(instance);
    await instance.register(compress, { global: true, threshold: 1024 });
    const external = configOrigins(appConfig);
    headers = securityHeaders({ connect: external, img: external, ...documents.inlineSources });
    registerSecurityHeaders(instance, headers);
    await registerStatic(instance, { distDir: options.distDir, appConfig, documents: documents.send });
  });
  return app;
}
