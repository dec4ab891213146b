import { describe, expect, it } from 'vitest';
import { invitePath, isInviteCode } from './invite-code.ts';

describe('isInviteCode', () => {
  it.each(['DEMO-PENDING-1', 'K7MQ-9XPA-R2TD', 'a', 'A_b-9'.repeat(12), 'x'.repeat(64)])('accepts %s', (code) =>
    expect(isInviteCode(code)).toBe(true),
  );
  it.each(['', '<script>alert(1)</script>', 'a/b', 'a b', 'x'.repeat(65), 'é', 'ab\n'])('refuses %j', (code) =>
    expect(isInviteCode(code)).toBe(false),
  );
});

describe('an invite’s address at the bike service', () => {
  it('is the code as one encoded path segment under bike/invite-code/', () => {
    expect(invitePath('K7MQ-9XPA')).toBe('bike/invite-code/K7MQ-9XPA');
    expect(invitePath('a/b?c')).toBe('bike/invite-code/a%2Fb%3Fc');
  });
});
