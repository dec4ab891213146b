import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../test/helpers.ts';
import { externalTokenChecks } from './bearer.ts';

// A stand-in provider: its metadata and a userinfo endpoint that knows two tokens.
let provider: Server;
let issuer = '';
let asked = 0;
const answers: Record<string, object> = {
  'anna-token': { sub: 'anna@example.com', email: 'anna@example.com', email_verified: true, name: 'Anna Bakker' },
  // Someone who set the owner's address at the provider without proving it is theirs.
  'mallory-token': { sub: 'mallory-1', email: 'owner@example.com', email_verified: false, name: 'Mallory' },
  'nameless-unverified': { email: 'owner@example.com' },
  'new-token': { sub: 'kim-42', name: 'Kim' },
};

beforeAll(async () => {
  provider = createHttpServer((request, response) => {
    asked++;
    response.setHeader('content-type', 'application/json');
    if (request.url === '/.well-known/openid-configuration') {
      response.end(JSON.stringify({ issuer, userinfo_endpoint: `${issuer}/userinfo` }));
      return;
    }
    const answer = answers[(request.headers.authorization ?? '').replace(/^Bearer /, '')];
    response.statusCode = answer ? 200 : 401;
    response.end(JSON.stringify(answer ?? { error: 'invalid_token' }));
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => provider.close(() => resolve())));

describe('the bike service behind a standard provider (api.ids.issuer in the served config)', () => {
  it("takes the provider's tokens, checked at its userinfo endpoint", async () => {
    const app = await startTestServer({ issuer });
    try {
      const me = (token: string) =>
        app.inject({ method: 'GET', url: '/api/v1/user/me', headers: { authorization: `Bearer ${token}` } });
      // Anna is known by her e-mail: no bike-service account yet, but a valid token.
      expect((await me('anna-token')).json()).toMatchObject({ status: 404, title: 'account-not-found' });
      // A first-time subject is taken too.
      expect((await me('new-token')).statusCode).toBe(404);
      // An unverified address is never the owner's: no bike service account, and none of the owner's bikes.
      expect((await me('mallory-token')).json()).toMatchObject({ status: 404, title: 'account-not-found' });
      const bikes = await app.inject({
        method: 'GET',
        url: '/api/v1/bike',
        headers: { authorization: 'Bearer mallory-token' },
      });
      expect(bikes.json()).toEqual([]);
      // With neither a verified address nor a subject, the token names no account.
      expect((await me('nameless-unverified')).statusCode).toBe(401);
      const refused = await me('revoked-token');
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ title: 'invalid_token' });
    } finally {
      await app.close();
    }
  });

  it('without an issuer, the own token tables decide as before: the provider is not asked', async () => {
    const app = await startTestServer();
    const before = asked;
    try {
      const response = await app.inject({
        method: 'GET',
        url: '/api/v1/user/me',
        headers: { authorization: 'Bearer anna-token' },
      });
      expect(response.statusCode).toBe(401);
      expect(asked).toBe(before);
    } finally {
      await app.close();
    }
  });

  it('asks the provider about a client’s unknown tokens only so often: then 429, and the provider is not asked', async () => {
    const app = await startTestServer({ issuer });
    try {
      const me = (token: string, remoteAddress: string) =>
        app.inject({
          method: 'GET',
          url: '/api/v1/user/me',
          remoteAddress,
          headers: { authorization: `Bearer ${token}` },
        });
      for (let i = 0; i < externalTokenChecks.perClient; i++) {
        expect((await me(`guess-${i}`, '198.51.100.1')).statusCode).toBe(401);
      }
      const before = asked;
      const refused = await me('guess-last', '198.51.100.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expect(asked).toBe(before);
      // Another client's tokens are still checked.
      expect((await me('anna-token', '198.51.100.2')).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
