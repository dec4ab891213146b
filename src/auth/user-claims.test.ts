import { describe, expect, it } from 'vitest';
import { userFromClaims } from './user-claims.ts';

describe('userFromClaims: the one rule for every user lookup', () => {
  it('takes display_name, else name, else preferred_username, else email', () => {
    const all = { display_name: 'D', name: 'N', preferred_username: 'P', email: 'e@x.nl' };
    expect(userFromClaims(all)?.display_name).toBe('D');
    expect(userFromClaims({ ...all, display_name: '' })?.display_name).toBe('N');
    expect(userFromClaims({ preferred_username: 'P', email: 'e@x.nl' })?.display_name).toBe('P');
    expect(userFromClaims({ email: 'e@x.nl' })).toEqual({ display_name: 'e@x.nl', email: 'e@x.nl' });
  });

  it('takes avatar_url, else picture', () => {
    expect(userFromClaims({ name: 'N', avatar_url: '/a.jpg', picture: '/p.jpg' })?.avatar_url).toBe('/a.jpg');
    expect(userFromClaims({ name: 'N', picture: '/p.jpg' })).toEqual({ display_name: 'N', avatar_url: '/p.jpg' });
    // The reference service's answer keeps its shape.
    expect(userFromClaims({ display_name: 'Anna', avatar_url: null, email: 'a@x.nl' })).toEqual({
      display_name: 'Anna',
      avatar_url: null,
      email: 'a@x.nl',
    });
  });

  it('an answer without any name, or no object at all, is no user', () => {
    for (const answer of [{ sub: '1', picture: '/p.jpg' }, { name: '  ', display_name: 5 }, null, 'Anna', []])
      expect(userFromClaims(answer)).toBeUndefined();
  });
});
