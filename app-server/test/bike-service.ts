// A stand-in bike service for the app server's tests: plain Node HTTP on a loopback port.
import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The invite every test's bike service hands out when it answers. */
const PENDING_INVITE = {
  owner_display_name: 'Sofie',
  bike_name: 'Blue bike',
  bike_image_url: '/b.jpg',
  status: 'pending',
};

/** Answers a read with the pending invite. */
export function answerPendingInvite(response: ServerResponse): void {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify(PENDING_INVITE));
}

/** Starts `server` on a free loopback port; its bike-service base address (…/api/v1/). */
export async function listenOnLoopback(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/`;
}
