import { describe, expect, it } from 'vitest';
import { invitePath, parseInviteCode } from './invite-code.ts';

describe('parseInviteCode', () => {
  it.each(['DEMO-PENDING-1', 'K7MQ-9XPA-R2TD', 'a', 'A_b-9'.repeat(12), 'x'.repeat(64)])('accepts %s', (code) =>
    expect(parseInviteCode(code)).toBe(code),
  );
  it.each(['', '<script>alert(1)</script>', 'a/b', 'a b', 'x'.repeat(65), 'é', 'ab\n'])('refuses %j', (code) =>
    expect(parseInviteCode(code)).toBeUndefined(),
  );
});

describe('an invite’s address at the bike service', () => {
  it('is the code as one encoded path segment under bike/invite-code/', () => {
    expect(invitePath('K7MQ-9XPA')).toBe('bike/invite-code/K7MQ-9XPA');
    expect(invitePath('a/b?c')).toBe('bike/invite-code/a%2Fb%3Fc');
  });
});
