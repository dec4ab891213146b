// The bike service's owner calls as msw answers them, and the owner tests' data (docs/openapi.yaml).
import { configure } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, vi } from 'vitest';
import { inviteLink } from '../contract/paths.ts';
import { bikeApiBase } from '../contract/service-urls.ts';
import type { User } from '../auth/token-store.ts';
import type { OwnerBike, OwnerInvite, Rider } from '../owner/owner-bikes-query.ts';
import type { SharedBike } from '../owner/shared-bikes-query.ts';
import { installDialogPolyfill } from './dialog-polyfill.ts';
import { ORIGIN, startServices, TEST_CONFIG } from './render-app.tsx';

const BIKE_API = bikeApiBase(TEST_CONFIG);
const DAY = 86_400_000;

export const SOFIE: User = { display_name: 'Sofie de Vries', avatar_url: '/media/avatars/sofie.jpg' };

export const problem = (status: number, extra: Record<string, unknown> = {}) =>
  HttpResponse.json({ status, ...extra }, { status, headers: { 'content-type': 'application/problem+json' } });

/** An invite of Sofie's city bike, created `createdDaysAgo` days ago, valid for `days`. */
export function invite(code: string, fields: Partial<OwnerInvite> = {}, createdDaysAgo = 1, days = 7): OwnerInvite {
  const created = Date.now() - createdDaysAgo * DAY;
  return {
    code,
    bike_id: 1,
    owner_display_name: 'Sofie de Vries',
    bike_name: 'Blue city bike',
    bike_image_url: '/media/bikes/city-bike-400.jpg',
    type: 'bike',
    status: 'pending',
    created_at: new Date(created).toISOString(),
    expires_at: new Date(created + days * DAY).toISOString(),
    link: inviteLink(ORIGIN, code),
    accepted_at: null,
    revoked_at: null,
    ...fields,
  };
}

export const ANNA_RIDER = {
  id: 3,
  display_name: 'Anna Bakker',
  avatar_url: '/media/avatars/anna.jpg',
  since: '2026-05-04T10:00:00.000Z',
};

export const CITY_BIKE: OwnerBike = {
  id: 1,
  name: 'Blue city bike',
  type: 'bike',
  image_url: '/media/bikes/city-bike-400.jpg',
  riders: [ANNA_RIDER],
  invites: [invite('OPEN-0001'), invite('OLD-EXPIRED', {}, 10, 7)],
};

export const CARGO_BIKE: OwnerBike = {
  id: 2,
  name: 'Family cargo bike',
  type: 'bike',
  image_url: '/media/bikes/cargo-bike-400.jpg',
  riders: [],
  invites: [],
};

export const BRAMS_MOPED: SharedBike = {
  id: 3,
  name: 'Red e-moped',
  type: 'e-moped',
  image_url: '/media/bikes/e-moped-400.jpg',
  owner_display_name: 'Bram Jansen',
  since: '2026-05-02T09:00:00.000Z',
};

/** An answer: the body, a problem with this status (a `type` slug, other fields: `title`, `limit`, …), or none at all (`OFFLINE`). */
type Answer<T> = T | ({ status: number; type?: string } & Record<string, unknown>) | typeof OFFLINE;
export const OFFLINE = 'offline';
const problemType = (slug?: string) => (slug ? { type: `urn:bike-invite:problem:${slug}`, title: slug } : {});
const answer = <T extends object>(value: Answer<T>) => {
  if (value === OFFLINE) return HttpResponse.error();
  if (!('status' in value && typeof value.status === 'number' && !Array.isArray(value)))
    return HttpResponse.json(value);
  const { status, type, ...fields } = value as { status: number; type?: string } & Record<string, unknown>;
  return problem(status, { ...problemType(type), ...fields });
};
const statusAnswer = (status: number | typeof OFFLINE) =>
  status === OFFLINE ? HttpResponse.error() : status === 204 ? new HttpResponse(null, { status }) : problem(status);

/** The calls each handler saw, for asserting how many were sent and with what. */
export type Seen = {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
  idempotencyKey?: string | null;
}[];

async function record(seen: Seen | undefined, request: Request): Promise<void> {
  const text = request.method === 'GET' ? '' : await request.clone().text();
  seen?.push({
    method: request.method,
    path: new URL(request.url).pathname,
    body: text ? JSON.parse(text) : undefined,
    authorization: request.headers.get('authorization'),
    ...(request.method === 'POST' ? { idempotencyKey: request.headers.get('idempotency-key') } : {}),
  });
}

/** Answers in turn (the last one again once they run out); each after `held`, when given. */
function inTurn<T extends object>(answers: Answer<T>[], seen?: Seen, held?: Promise<void>) {
  let next = 0;
  return async ({ request }: { request: Request }) => {
    await record(seen, request);
    await held;
    const value = answers[Math.min(next++, answers.length - 1)]!;
    return answer(value);
  };
}

/** One connection to the live channel as the test drives it: its events written, its end. */
export type LiveStream = {
  send: (event: object) => void;
  end: () => void;
  closed: () => boolean;
};

export const ownerService = {
  /** GET bike/events: a stream the test writes to, one per connection, in `streams` as each opens (`opening` first). */
  events: (streams: LiveStream[], opening?: () => void) =>
    http.get(`${BIKE_API}bike/events`, ({ request }) => {
      opening?.();
      const encoder = new TextEncoder();
      let closed = request.signal.aborted; // a connection the page gave up before it was answered
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({
        start: (c) => {
          controller = c;
          // As the service starts each stream: a short wait before connecting again (msw answers on the first bytes).
          c.enqueue(encoder.encode('retry: 10\n\n'));
        },
        cancel: () => void (closed = true),
      });
      request.signal.addEventListener('abort', () => void (closed = true));
      streams.push({
        send: (event) => controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`)),
        end: () => ((closed = true), controller.close()),
        closed: () => closed,
      });
      return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } });
    }),
  bikes: (answers: Answer<OwnerBike[]>[], seen?: Seen, held?: Promise<void>) =>
    http.get(`${BIKE_API}bike`, inTurn(answers, seen, held)),
  shared: (answers: Answer<SharedBike[]>[], seen?: Seen) => http.get(`${BIKE_API}bike/shared`, inTurn(answers, seen)),
  create: (bikeId: number, answers: Answer<OwnerInvite>[], seen?: Seen, held?: Promise<void>) =>
    http.post(`${BIKE_API}bike/${bikeId}/invite-code`, inTurn(answers, seen, held)),
  withdraw: (code: string, answers: Answer<OwnerInvite>[], seen?: Seen, held?: Promise<void>) =>
    http.delete(`${BIKE_API}bike/invite-code/${code}`, inTurn(answers, seen, held)),
  /** DELETE bike/{bikeId}/rider/{riderId}: 204, or a problem with this status. */
  removeRider: (bikeId: number, riderId: number, statuses: (number | typeof OFFLINE)[], seen?: Seen) => {
    let next = 0;
    return http.delete(`${BIKE_API}bike/${bikeId}/rider/${riderId}`, async ({ request }) => {
      await record(seen, request);
      return statusAnswer(statuses[Math.min(next++, statuses.length - 1)]!);
    });
  },
  /** PATCH bike/{bikeId}/rider/{riderId}: until when the rider may ride (the rider as changed, or a problem). */
  changeAccess: (bikeId: number, riderId: number, answers: Answer<Rider>[], seen?: Seen) =>
    http.patch(`${BIKE_API}bike/${bikeId}/rider/${riderId}`, inTurn(answers, seen)),
  /** DELETE bike/shared/{bikeId}: 204, or a problem with this status. */
  leave: (bikeId: number, statuses: (number | typeof OFFLINE)[], seen?: Seen) => {
    let next = 0;
    return http.delete(`${BIKE_API}bike/shared/${bikeId}`, async ({ request }) => {
      await record(seen, request);
      return statusAnswer(statuses[Math.min(next++, statuses.length - 1)]!);
    });
  },
};

/** The identity service's refresh: a new access token, or `refusal` (invalid_grant). */
export function tokenRefresh(seen: { count: number }, refusal = false) {
  return http.post(`${ORIGIN}/ids/oauth`, () => {
    seen.count++;
    return refusal
      ? problem(400, { title: 'invalid_grant' })
      : HttpResponse.json({ access_token: 'fresh-token', token_type: 'Bearer', refresh_token: 'r2', expires_in: 300 });
  });
}

/** The owner's home page, where every owner test starts. */
export const HOME = '/my-account/';

/** What every owner test file sets up: the services, the dialog element, and time for a whole journey. */
export function setUpOwnerTests(): void {
  startServices();
  installDialogPolyfill();
  // A whole journey through the app: more than the page tests' time-out on a busy machine.
  vi.setConfig({ testTimeout: 15_000 });
  configure({ asyncUtilTimeout: 10_000 });
  beforeAll(() => import('../owner/owner-home.tsx')); // the page loads it on demand: once here, not in the first test's time
}
