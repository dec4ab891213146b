// GET /signed-in-part (decision 0056), the app server alone in front of stand-in services on loopback:
// the reads sent with the page script's token, the part rendered from them, and every refusal a problem.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../http-kit/metrics.ts';
import { SIGNED_IN_PART_PATH, type SignedInPart } from '../src/contract/signed-in-part.ts';
import { createAppServer } from './app-server.ts';
import { listenOnLoopback } from './test/bike-service.ts';
import { testBuild } from './test/build.ts';

const TOKEN = 'Bearer a-secret-token';
const BIKE = { id: 1, name: 'Blue city bike', type: 'bike', image_url: '/b.jpg', riders: [], invites: [] };
const ANSWERS: Record<string, unknown> = {
  '/ids/user': { display_name: 'Sofie de Vries', avatar_url: null },
  '/api/v1/bike': [BIKE],
  '/api/v1/bike/shared': [],
};

let service: Server;
let origin: string;
let answers: Record<string, unknown> = ANSWERS;
let status = 200;
const seen: { path: string; headers: IncomingHttpHeaders }[] = [];
let dir: string;
const servers: FastifyInstance[] = [];

beforeAll(async () => {
  service = createServer((request, response) => {
    const path = request.url ?? '';
    seen.push({ path, headers: request.headers });
    const body = status === 200 ? answers[path] : { status };
    response.writeHead(body === undefined ? 404 : status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body ?? { status: 404 }));
  });
  origin = new URL(await listenOnLoopback(service)).origin;
  dir = mkdtempSync(join(tmpdir(), 'signed-in-part-'));
});
afterEach(async () => {
  answers = ANSWERS;
  status = 200;
  seen.length = 0;
  await Promise.all(servers.splice(0).map((app) => app.close()));
});
afterAll(async () => {
  await new Promise((resolve) => service.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

async function appServer() {
  const configPath = join(dir, 'config.json');
  // The services by absolute addresses, so that the server's reads reach the stand-in.
  const config = {
    app: 'qwic',
    languages: ['en', 'nl'],
    api: {
      ids: { url: `${origin}/ids`, client_id: 'my-account' },
      bike: { url: origin, api_name: 'api', version: 'v1' },
    },
  };
  writeFileSync(configPath, JSON.stringify(config));
  const logged: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged.push(chunk.toString());
      done();
    },
  });
  const registry = new client.Registry();
  const app = await createAppServer({
    ...testBuild(),
    configPath,
    bikeServiceUrl: undefined,
    inviteTimeoutMs: 30_000,
    maxEventLoopDelayMs: 0,
    logStream,
    registry,
  });
  servers.push(app);
  const part = (page: string | undefined, headers: Record<string, string> = { authorization: TOKEN }) =>
    app.inject({
      method: 'GET',
      url: page === undefined ? SIGNED_IN_PART_PATH : `${SIGNED_IN_PART_PATH}?page=${encodeURIComponent(page)}`,
      headers: { host: '127.0.0.1', 'accept-language': 'en', ...headers },
    });
  const counted = async (outcome: string) =>
    (await registry.getSingleMetric('app_server_signed_in_parts_total')!.get()).values.find(
      (value) => value.labels.outcome === outcome,
    )?.value;
  return { part, logged, counted };
}

describe('GET /signed-in-part', () => {
  it("reads the home page's first reads with the token sent and answers the page as its owner sees it, kept by no cache", async () => {
    const { part, logged, counted } = await appServer();
    expect((await part('/my-account')).statusCode).toBe(200);
    const response = await part('/my-account/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const body = response.json<SignedInPart>();
    for (const text of ['Hello, Sofie de Vries', 'Blue city bike', 'Log out']) expect(body.html).toContain(text);
    expect(body.reads).toEqual({
      [`${origin}/ids/user`]: ANSWERS['/ids/user'],
      [`${origin}/api/v1/bike`]: ANSWERS['/api/v1/bike'],
      [`${origin}/api/v1/bike/shared`]: [],
    });
    expect(
      seen
        .slice(3)
        .map(({ path, headers }) => [path, headers.authorization])
        .toSorted(),
    ).toEqual([
      ['/api/v1/bike', TOKEN],
      ['/api/v1/bike/shared', TOKEN],
      ['/ids/user', TOKEN],
    ]);
    expect(await counted('rendered')).toBe(2);
    expect(logged.join('')).not.toContain('a-secret-token');
  });

  it('refuses a request without a token, without one page of the app, or for a page without a signed-in side', async () => {
    const { part } = await appServer();
    const refusals = [
      await part('/my-account/', {}),
      await part(undefined),
      await part('/elsewhere'),
      await part('//elsewhere.example/my-account/'),
      await part('//['),
      await part('/my-account/invite/ABC123'),
    ];
    expect(refusals.map((response) => [response.statusCode, response.headers['content-type']])).toEqual([
      [400, 'application/problem+json; charset=utf-8'],
      [400, 'application/problem+json; charset=utf-8'],
      [400, 'application/problem+json; charset=utf-8'],
      [400, 'application/problem+json; charset=utf-8'],
      [400, 'application/problem+json; charset=utf-8'],
      [404, 'application/problem+json; charset=utf-8'],
    ]);
    expect(seen).toEqual([]);
  });

  it('takes 60 a minute from one address, then 429 before any read', async () => {
    const { part } = await appServer();
    const statuses = [];
    for (let sent = 0; sent < 61; sent++) statuses.push((await part('/my-account/invite/ABC123')).statusCode);
    expect(statuses.slice(0, 60).every((code) => code === 404)).toBe(true);
    seen.length = 0;
    const refused = await part('/my-account/');
    expect([statuses.at(-1), refused.statusCode, seen.length]).toEqual([429, 429, 0]);
  });

  it('passes on a refused token as 401, and a failing service or an answer off the contract as 502', async () => {
    const { part, counted } = await appServer();
    status = 401;
    expect((await part('/my-account/')).statusCode).toBe(401);
    status = 503;
    expect((await part('/my-account/')).statusCode).toBe(502);
    status = 200;
    answers = { ...ANSWERS, '/api/v1/bike': [{ ...BIKE, name: 7 }] };
    expect((await part('/my-account/')).statusCode).toBe(502);
    expect([await counted('refused'), await counted('failed')]).toEqual([1, 2]);
  });
});
