import { describe, expect, it } from 'vitest';
import { HttpError, NetworkError } from '../http/http-error.ts';
import {
  invalidPageOutcome,
  outcomeOfLoad,
  outcomeOfRedeem,
  outcomePath,
  type InviteOutcome,
} from './invite-outcome.ts';
import { RETRY_POLICIES } from '../http/bike-service.ts';

const NO_ANSWER = [
  new HttpError(500, undefined),
  new HttpError(503, { invite_status: 'expired' }),
  new NetworkError('Failed to fetch', false),
  new NetworkError('timeout', true),
];

describe('outcomeOfRedeem', () => {
  it.each<[Error, InviteOutcome]>([
    [new HttpError(404, undefined), 'unknown'],
    [new HttpError(400, undefined), 'unknown'],
    [new HttpError(409, undefined), 'previously-accepted'],
    [new HttpError(410, undefined), 'previously-accepted'],
    [new HttpError(410, { invite_status: 'expired' }), 'previously-accepted'],
    [new HttpError(403, undefined), 'previously-accepted'],
    [new HttpError(410, { type: 'urn:bike-invite:problem:rider-removed', status: 410 }), 'taken-back'],
    ...NO_ANSWER.map((error): [Error, InviteOutcome] => [error, 'unreachable']),
  ])('%s: %s', (error, outcome) => {
    expect(outcomeOfRedeem(error)).toBe(outcome);
  });

  it('backs off 1 s, 2 s, 4 s and caps at 8 s', () => {
    expect([0, 1, 2, 3, 4].map(RETRY_POLICIES.invite.delay)).toEqual([1000, 2000, 4000, 8000, 8000]);
  });
});

describe('outcomeOfLoad', () => {
  it.each<[Error, InviteOutcome]>([
    [new HttpError(404, undefined), 'unknown'],
    [new HttpError(400, undefined), 'unknown'],
    [new HttpError(410, { title: 'invite-expired', invite_status: 'expired' }), 'expired'],
    [new HttpError(410, { title: 'invite-revoked', invite_status: 'revoked' }), 'revoked'],
    [new HttpError(410, undefined), 'unusable'],
    [new HttpError(410, { invite_status: 'pending' }), 'unusable'],
    [new HttpError(409, undefined), 'unusable'],
    [new HttpError(403, undefined), 'unusable'],
    ...NO_ANSWER.map((error): [Error, InviteOutcome] => [error, 'unreachable']),
  ])('%s: %s', (error, outcome) => {
    expect(outcomeOfLoad(error)).toBe(outcome);
  });
});

describe('the invalid page address', () => {
  it('carries the outcome, which the page reads back', () => {
    for (const outcome of ['unknown', 'expired', 'revoked', 'unusable'] as const) {
      const path = outcomePath('K7MQ-9XPA', outcome);
      expect(path).toBe(`/invite/K7MQ-9XPA/invalid?reason=${outcome}`);
      expect(invalidPageOutcome(path.slice(path.indexOf('?')))).toBe(outcome);
    }
    expect(outcomePath('K7MQ-9XPA', 'previously-accepted')).toBe('/invite/K7MQ-9XPA/previously-accepted');
  });

  it('reads no reason, or one it does not know, as an unknown code', () => {
    expect(invalidPageOutcome('')).toBe('unknown');
    expect(invalidPageOutcome('?reason=<b>')).toBe('unknown');
    expect(invalidPageOutcome('?reason=accepted')).toBe('unknown');
    expect(invalidPageOutcome('?reason=previously-accepted')).toBe('unknown');
  });
});
