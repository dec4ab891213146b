import type { FastifyInstance } from 'fastify';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { afterEach, describe, expect, it } from 'vitest';
import { OwnerEventSchema } from '../../src/contract/bike-service.ts';
import * as v from 'valibot';
import { bearer, call, login, startTestServer } from '../test/helpers.ts';
import { assertMatchesContract } from '../test/contract.ts';
import type { EventStreamLimits } from './event-hub.ts';

// The owners' live channel over a real connection (inject() waits for an answer's end, a stream has none).

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const until = async (done: () => boolean) => {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 10));
};

async function serve(limits: Partial<EventStreamLimits> = {}) {
  const server = await startTestServer({
    eventStreams: { perAccount: 8, total: 1000, heartbeatMs: 60_000, ...limits },
  });
  app = server;
  await server.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.server.address() as { port: number };
  const token = async (email: string) => (await login(server, email)).access_token;
  return { server, url: `http://127.0.0.1:${port}/api/v1/bike/events`, token };
}

/** Opens a stream as `token`; what it has received so far, parsed, and its raw text. */
async function open(url: string, token: string) {
  const abort = new AbortController();
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: abort.signal });
  const events: EventSourceMessage[] = [];
  const comments: string[] = [];
  let ended = false;
  if (response.ok && response.body) {
    const parser = createParser({ onEvent: (event) => events.push(event), onComment: (c) => comments.push(c) });
    void (async () => {
      const decoder = new TextDecoder();
      try {
        for await (const chunk of response.body!) parser.feed(decoder.decode(chunk, { stream: true }));
      } catch {
        // closed by the server
      }
      ended = true;
    })();
  }
  const data = () => events.map((event) => v.parse(OwnerEventSchema, JSON.parse(event.data)));
  return { response, data, comments, ended: () => ended, close: () => abort.abort() };
}

const redeem = (server: FastifyInstance, token: string, code: string) =>
  call(server, {
    method: 'POST',
    url: `/api/v1/bike/invite-code/${code}/use`,
    headers: { ...bearer(token), 'content-type': 'application/json' },
    payload: '{}',
  });

describe('GET bike/events', () => {
  it("sends an accepted invite to its bike's owner, and to no one else", async () => {
    const { server, url, token } = await serve();
    const [sofie, bram] = await Promise.all([token('owner@example.com'), token('bram@example.com')]);
    const owners = await open(url, sofie);
    const other = await open(url, bram);
    expect(owners.response.status).toBe(200);
    expect(owners.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(owners.response.headers.get('x-accel-buffering')).toBe('no');
    expect(owners.response.headers.get('cache-control')).toBe('no-store');
    expect(owners.response.headers.get('content-encoding')).toBeNull();

    expect((await redeem(server, bram, 'DEMO-PENDING-1')).statusCode).toBe(200);
    await until(() => owners.data().length > 0);
    expect(owners.data()).toEqual([
      expect.objectContaining({
        type: 'invite-accepted',
        bike_id: 1,
        code: 'DEMO-PENDING-1',
        rider: expect.objectContaining({ display_name: 'Bram Jansen' }),
      }),
    ]);
    // A repeat of the redeem (its answer lost) is no news; Bram's leaving is.
    expect((await redeem(server, bram, 'DEMO-PENDING-1')).statusCode).toBe(200);
    await call(server, { method: 'DELETE', url: '/api/v1/bike/shared/1', headers: bearer(bram) });
    await until(() => owners.data().length > 1);
    expect(owners.data()[1]).toMatchObject({ type: 'rider-left', bike_id: 1 });
    await call(server, { method: 'DELETE', url: '/api/v1/bike/invite-code/DEMO-PENDING-5', headers: bearer(sofie) });
    await until(() => owners.data().length > 2);
    expect(owners.data()[2]).toMatchObject({ type: 'invite-withdrawn', code: 'DEMO-PENDING-5' });
    // Bram's stream, as the owner of other bikes, has heard none of it.
    expect(other.data()).toEqual([]);
  });

  it('refuses a stream past the limit per account and in all, as problem+json with Retry-After', async () => {
    const { url, token } = await serve({ perAccount: 2, total: 3 });
    const [sofie, bram] = await Promise.all([token('owner@example.com'), token('bram@example.com')]);
    expect((await open(url, sofie)).response.status).toBe(200);
    const second = await open(url, sofie);
    expect(second.response.status).toBe(200);
    const third = await open(url, sofie);
    expect(third.response.status).toBe(429);
    expect(third.response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(Number(third.response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await open(url, bram)).response.status).toBe(200);
    const fourth = await open(url, bram);
    expect(fourth.response.status).toBe(429); // three open in all
    expect(await fourth.response.json()).toMatchObject({ status: 429 });
    // A closed stream frees its place.
    second.close();
    await until(() => second.ended());
    let again = await open(url, sofie);
    while (again.response.status === 429) again = await open(url, sofie); // the server sees the close a moment later
    expect(again.response.status).toBe(200);
    // A stream's minutes stay out of the request durations an operator watches.
    const metrics = await (await fetch(url.replace('/api/v1/bike/events', '/metrics'))).text();
    expect(metrics).toContain('http_request_duration_seconds');
    expect(metrics).not.toContain('bike/events');
  });

  it('keeps a quiet stream open with a comment line', async () => {
    const { url, token } = await serve({ heartbeatMs: 20 });
    const stream = await open(url, await token('owner@example.com'));
    await until(() => stream.comments.length >= 2);
    expect(stream.comments[0]).toBe('keep-alive');
    expect(stream.ended()).toBe(false);
  });

  it('ends every stream when the service stops, so that closing does not wait for them', async () => {
    const { server, url, token } = await serve();
    const stream = await open(url, await token('owner@example.com'));
    await server.close(); // an open stream would hold this until the test's time-out
    app = undefined;
    await until(() => stream.ended());
    expect(stream.ended()).toBe(true);
  });

  it('asks for a bearer token', async () => {
    const { url } = await serve();
    const response = await fetch(url);
    expect(response.status).toBe(401);
    assertMatchesContract('GET', '/api/v1/bike/events', {
      statusCode: response.status,
      headers: Object.fromEntries(response.headers),
      body: await response.text(),
    });
  });
});
