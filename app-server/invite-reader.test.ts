import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readInvite } from './invite-reader.ts';

// The app server reads the invite with the contract's schema: an answer off it is a failed read.
let server: Server;
let base: string;
const answers: Record<string, unknown> = {
  GOOD: { owner_display_name: 'Sofie', bike_name: 'Blue', bike_image_url: '/b.jpg', status: 'pending', extra: 1 },
  NAMELESS: { bike_name: 'Blue', bike_image_url: '/b.jpg' },
  WRONG_STATUS: { owner_display_name: 'Sofie', bike_name: 'Blue', bike_image_url: '/b.jpg', status: 'maybe' },
};

beforeAll(async () => {
  server = createServer((request, response) => {
    const code = request.url?.split('/').at(-1) ?? '';
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(answers[code]));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('readInvite', () => {
  it('keeps the fields the contract names and drops the rest', async () => {
    expect(await readInvite(base, 'GOOD', 5000)).toEqual({
      ok: true,
      outcome: 'ok',
      body: { owner_display_name: 'Sofie', bike_name: 'Blue', bike_image_url: '/b.jpg', status: 'pending' },
    });
  });

  it.each([
    ['NAMELESS', 'owner_display_name'],
    ['WRONG_STATUS', 'status'],
  ])('counts %s, an answer off the contract, as a failed read naming %s', async (code, field) => {
    expect(await readInvite(base, code, 5000)).toEqual({
      ok: false,
      outcome: 'error',
      reason: `an answer off the contract at ${field}`,
    });
  });
});
