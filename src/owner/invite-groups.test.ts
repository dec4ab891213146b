import { describe, expect, it } from 'vitest';
import { invite } from '../test/owner-services.ts';
import { groupInvites } from './invite-groups.ts';

describe('groupInvites', () => {
  it('lists the open invites and the ended ones newest first, the accepted ones among them', () => {
    const now = Date.now();
    const invites = [
      invite('OPEN-OLD', {}, 5, 30),
      invite('USED', { status: 'accepted' }, 3),
      invite('EXPIRED', { status: 'expired' }, 9),
      invite('OPEN-NEW', {}, 1, 7),
      invite('WITHDRAWN', { status: 'revoked' }, 2),
      invite('RAN-OUT', {}, 8, 7), // still pending to the service when it was read, but past its end now
    ];
    const { open, ended } = groupInvites(invites, now);
    expect(open.map((i) => i.code)).toEqual(['OPEN-NEW', 'OPEN-OLD']);
    expect(ended.map((i) => i.code)).toEqual(['WITHDRAWN', 'USED', 'RAN-OUT', 'EXPIRED']);
  });
});
