import { describe, expect, it } from 'vitest';
import { readStored } from '../storage/web-storage.ts';
import { forgetDeadInvite, isAcceptedFor, markAccepted } from './stored-invite.ts';
import type { InviteCode } from '../contract/invite-code.ts';

const ABC = 'ABC' as InviteCode;
const XYZ = 'XYZ' as InviteCode;

describe('forgetDeadInvite', () => {
  it('forgets the stored code and its accepted flag when the dead code is the stored one', () => {
    markAccepted(ABC);
    forgetDeadInvite(ABC);
    expect(readStored('invite_code')).toBeUndefined();
    expect(isAcceptedFor(ABC)).toBe(false);
  });

  it('leaves another stored invite alone', () => {
    markAccepted(ABC);
    forgetDeadInvite(XYZ);
    expect(readStored('invite_code')).toBe(ABC);
    expect(isAcceptedFor(ABC)).toBe(true);
  });
});
