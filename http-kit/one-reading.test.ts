// One reading of a request in both servers: its Host is host and port and nothing else, named once,
// and its address is the one the router matches, with no second spelling. Raw connections, since
// an HTTP client would not send most of these.
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { listening, parseRaw, rawExchange, testServer } from './test/test-server.ts';

let running: FastifyInstance | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function port(): Promise<number> {
  const server = testServer({ logLevel: 'silent' });
  running = server.app;
  return listening(server.app);
}

/** The answer to one request with these header lines, on a connection of its own. */
async function ask(target: string, headerLines: string[]) {
  const lines = [`GET ${target} HTTP/1.1`, ...headerLines, 'Connection: close'];
  return parseRaw(await rawExchange(await port(), `${lines.join('\r\n')}\r\n\r\n`));
}

describe('the Host header', () => {
  it.each([
    ['a host name', 'invite.sparta.example'],
    ['a host name and port', 'invite.sparta.example:8080'],
    ['an IPv4 address and port', '127.0.0.1:8080'],
    ['an IPv6 address and port', '[::1]:8080'],
    ['a name with a trailing dot', 'localhost.'],
  ])('is served when it is %s', async (_case, host) => {
    expect((await ask('/my-account/', [`Host: ${host}`])).status).toBe(200);
  });

  it.each([
    ['userinfo', '127.0.0.1:8080@evil.example'],
    ['userinfo without a port', 'user@invite.sparta.example'],
    ['a path', 'invite.sparta.example/evil'],
    ['a query', 'invite.sparta.example?x=1'],
    ['a port that is not a number', 'invite.sparta.example:eighty'],
    ['a port out of range', 'invite.sparta.example:99999'],
    ['an empty port', 'invite.sparta.example:'],
    ['two ports', 'invite.sparta.example:80:81'],
    ['a scheme', 'http://invite.sparta.example'],
    ['a space', 'invite sparta.example'],
    ['a percent-escape', 'invite%2Esparta.example'],
    ['a number that is not an IPv4 address', '127.1'],
    ['an IPv6 address without brackets', '::1'],
    ['a malformed IPv6 literal', '[::g]'],
    ['two host names', 'a.example, b.example'],
  ])('is refused with a 400 problem when it has %s', async (_case, host) => {
    const answer = await ask('/my-account/', [`Host: ${host}`]);
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 400, title: 'invalid-host' });
    expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('is refused with a 400 problem when the request names two', async () => {
    const answer = await ask('/my-account/', ['Host: invite.sparta.example', 'Host: evil.example']);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 400, title: 'invalid-host' });
  });
});

describe('the request target', () => {
  it.each([
    ['an absolute URL, which names a host of its own', 'http://evil.example/my-account/'],
    ['a dot segment', '/my-account/invite/./AB12CD'],
    ['an escaped dot segment', '/my-account/%2e%2e/my-account/'],
    ['a backslash', '/my-account\\invite\\AB12CD'],
    ['an escaped backslash', '/my-account/%5Cinvite'],
  ])('is refused with a 400 problem when it is %s', async (_case, target) => {
    const answer = await ask(target, ['Host: localhost']);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 400, detail: 'The URL is not valid.' });
  });
});
