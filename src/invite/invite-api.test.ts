import { describe, expect, it } from 'vitest';
import { HttpError, NetworkError } from '../http/http-error.ts';
import { classifyInviteError, retryDelay } from './invite-api.ts';

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
