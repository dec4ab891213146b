import { describe, expect, it } from 'vitest';
import { CITY_BIKE, invite } from '../test/owner-services.ts';
import { newlyAccepted, seenInvites } from './accepted-news.ts';

const MILA = { id: 7, display_name: 'Mila Jansen' };
const accepted = (code: string, createdDaysAgo: number) =>
  invite(code, { status: 'accepted', accepted_by: MILA }, createdDaysAgo);

describe('who has just accepted', () => {
  it('an invite listed open before, or made since, accepted now', () => {
    const before = seenInvites([{ ...CITY_BIKE, invites: [invite('OPEN', {}, 2)] }]);
    const now = [{ ...CITY_BIKE, invites: [accepted('NEW', 1), accepted('OPEN', 2)] }];
    expect(newlyAccepted(before, now).map((news) => news.code)).toEqual(['NEW', 'OPEN']);
  });

  it('not an old invite that comes into the list as a newer one leaves it (the list carries a bike’s newest few)', () => {
    const before = seenInvites([{ ...CITY_BIKE, invites: [invite('OPEN', {}, 2)], invites_omitted: 1 }]);
    const now = [{ ...CITY_BIKE, invites: [invite('OPEN', { status: 'revoked' }, 2), accepted('LONG-AGO', 40)] }];
    expect(newlyAccepted(before, now)).toEqual([]);
  });

  it('not the invites of a bike the last reading did not have', () => {
    const before = seenInvites([]);
    expect(newlyAccepted(before, [{ ...CITY_BIKE, invites: [accepted('NEW', 1)] }])).toEqual([]);
  });
});
