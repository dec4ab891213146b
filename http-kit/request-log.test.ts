// What the request log lines of both servers show of a request's address: everything but its
// secrets, whichever parameter a secret hides in and however the address spells it.
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testServer } from './test/test-server.ts';

let running: FastifyInstance | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

/** The `url` of each request line after asking for `urls`, and every line as written. */
async function logged(urls: string[]) {
  const server = testServer();
  running = server.app;
  for (const url of urls) await server.app.inject({ method: 'GET', url });
  return {
    urls: server.lines.filter((line) => line.msg === 'request').map((line) => line.url),
    text: server.text(),
  };
}

/** A secret appears in a log at most as its first two characters. */
function expectNoSecret(text: string, secrets: string[]): void {
  for (const secret of secrets) expect(text, secret).not.toContain(secret.slice(2));
}

describe('request log lines', () => {
  it('hide an invite address that rides inside another parameter, however often it is encoded', async () => {
    const invite = 'http://127.0.0.1:8080/my-account/invite/NESTEDINVITE41';
    const once = encodeURIComponent(invite);
    const twice = encodeURIComponent(once);
    const { urls, text } = await logged([
      `/ids/login?response_type=code&client_id=my-account&redirect_uri=${once}&code_challenge_method=S256`,
      `/ids/login?redirect_uri=${twice}`,
      `/my-account/login?next=${encodeURIComponent('/my-account/invite/NESTEDINVITE42?lang=de')}`,
    ]);
    expectNoSecret(text, ['NESTEDINVITE41', 'NESTEDINVITE42']);
    expect(urls[0]).toBe(
      '/ids/login?response_type=code&client_id=my-account&redirect_uri=http://127.0.0.1:8080/my-account/invite/NE…&code_challenge_method=S256',
    );
    expect(urls[2]).toBe('/my-account/login?next=/my-account/invite/NE…?lang=de');
  });

  it('hide a code, a state or a token nested in another parameter, or in a fragment there', async () => {
    const back = '/my-account/?code=NESTEDCODE0123456789&state=NESTEDSTATE98765';
    const { text } = await logged([
      `/my-account/login?return=${encodeURIComponent(back)}`,
      `/my-account/?continue=${encodeURIComponent('https://x.example/cb#access_token=FRAGMENTTOKEN777&x=1')}`,
      `/my-account/?%63ode=ENCODEDNAMECODE55&STATE=UPPERCASESTATE66`,
    ]);
    expectNoSecret(text, [
      'NESTEDCODE0123456789',
      'NESTEDSTATE98765',
      'FRAGMENTTOKEN777',
      'ENCODEDNAMECODE55',
      'UPPERCASESTATE66',
    ]);
  });

  it('hide an invite code in every spelling of its address that reaches the same route', async () => {
    const { urls, text } = await logged([
      '/my-account/%69nvite/SPELLEDINVITE1',
      '/my-account/invite/%53PELLEDINVITE2',
      '/my-account/INVITE/SPELLEDINVITE3',
      '/my-account/invite//SPELLEDINVITE4',
      '/my-account/invite%2FSPELLEDINVITE5',
      '/api/v1/bike/invite-code/%53PELLEDINVITE6',
      '/api/v1/bike/%69nvite-code/SPELLEDINVITE7',
    ]);
    expectNoSecret(
      text,
      [1, 2, 3, 4, 5, 6, 7].map((n) => `SPELLEDINVITE${n}`),
    );
    expect(urls[0]).toBe('/my-account/invite/SP…');
    expect(urls[5]).toBe('/api/v1/bike/invite-code/SP…');
  });

  it('shorten anything shaped like a token or an authorization code, whatever its parameter is called', async () => {
    const token = 'Qx9mT2vL8pR4sW6yZ1aB3cD5eF7gH9iJ0kLmNoPqRsT';
    const { urls, text } = await logged([`/my-account/?whatever=${token}`]);
    expectNoSecret(text, [token]);
    expect(urls[0]).toBe('/my-account/?whatever=Qx…');
  });

  it('keep what is not secret as it was sent', async () => {
    const { urls } = await logged([
      '/my-account/invite/AB12CD?lang=de',
      '/ids/login?response_type=code&client_id=my-account&ui_locales=nl',
      '/assets/index-CDTjjb7q.js',
    ]);
    expect(urls).toEqual([
      '/my-account/invite/AB…?lang=de',
      '/ids/login?response_type=code&client_id=my-account&ui_locales=nl',
      '/assets/index-CDTjjb7q.js',
    ]);
  });
});
