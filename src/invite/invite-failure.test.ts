import { describe, expect, it } from 'vitest';
import { HttpError, NetworkError } from '../http/http-error.ts';
import { invalidPath, invalidReasonOf } from './failure-pages.ts';
import { classifyInviteError, classifyLoadError } from './invite-failure.ts';
import { retryDelay } from './retry.ts';

describe('classifyInviteError', () => {
  it.each([
    [new HttpError(404, undefined), 'invalid'],
    [new HttpError(400, undefined), 'invalid'],
    [new HttpError(409, undefined), 'used'],
    [new HttpError(410, undefined), 'used'],
    [new HttpError(500, undefined), 'unreachable'],
    [new HttpError(503, undefined), 'unreachable'],
    [new NetworkError('Failed to fetch', false), 'unreachable'],
    [new NetworkError('timeout', true), 'unreachable'],
  ])('%s means %s', (error, meaning) => {
    expect(classifyInviteError(error)).toBe(meaning);
  });

  it('backs off 1 s, 2 s, 4 s and caps at 8 s', () => {
    expect([0, 1, 2, 3, 4].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 8000]);
  });
});

describe('classifyLoadError', () => {
  it.each([
    [new HttpError(404, undefined), 'unknown'],
    [new HttpError(400, undefined), 'unknown'],
    [new HttpError(410, { title: 'invite-expired', invite_status: 'expired' }), 'expired'],
    [new HttpError(410, { title: 'invite-revoked', invite_status: 'revoked' }), 'revoked'],
    [new HttpError(410, undefined), 'unusable'],
    [new HttpError(410, { invite_status: 'pending' }), 'unusable'],
    [new HttpError(409, undefined), 'unusable'],
    [new HttpError(403, undefined), 'unusable'],
    [new HttpError(500, undefined), 'unreachable'],
    [new HttpError(503, { invite_status: 'expired' }), 'unreachable'],
    [new NetworkError('Failed to fetch', false), 'unreachable'],
    [new NetworkError('timeout', true), 'unreachable'],
  ])('%s: %s', (error, failure) => {
    expect(classifyLoadError(error)).toBe(failure);
  });
});

describe('the invalid page address', () => {
  it('carries the reason, which the page reads back', () => {
    for (const reason of ['unknown', 'expired', 'revoked', 'unusable'] as const) {
      const path = invalidPath('K7MQ-9XPA', reason);
      expect(path).toBe(`/invite/K7MQ-9XPA/invalid?reason=${reason}`);
      expect(invalidReasonOf(path.slice(path.indexOf('?')))).toBe(reason);
    }
  });

  it('reads no reason, or one it does not know, as an unknown code', () => {
    expect(invalidReasonOf('')).toBe('unknown');
    expect(invalidReasonOf('?reason=<b>')).toBe('unknown');
    expect(invalidReasonOf('?reason=accepted')).toBe('unknown');
  });
});
