import { describe, expect, it } from 'vitest';
import { clearSession, saveTokens, saveUser, storedAccessToken } from './token-store.ts';

describe('token store', () => {
  it('stores a token response byte for byte as the Angular app did', () => {
    saveTokens({ access_token: 'a.b.c', token_type: 'bearer', refresh_token: 'r-1' });
    saveUser({ display_name: 'Anna', avatar_url: null });
    expect({ ...localStorage }).toEqual({
      'ngx-webstorage|access_token': '"a.b.c"',
      'ngx-webstorage|access_token_type': '"Bearer"',
      'ngx-webstorage|refresh_token': '"r-1"',
    });
    expect(sessionStorage.getItem('ngx-webstorage|user')).toBe('{"display_name":"Anna","avatar_url":null}');
  });

  it('reads the token type, Bearer by default', () => {
    localStorage.setItem('ngx-webstorage|access_token', '"t"');
    expect(storedAccessToken()).toEqual({ accessToken: 't', tokenType: 'Bearer' });
    localStorage.setItem('ngx-webstorage|access_token_type', '"DPoP"');
    expect(storedAccessToken()).toEqual({ accessToken: 't', tokenType: 'DPoP' });
  });

  it('logout removes the session keys and keeps the invite in progress', () => {
    saveTokens({ access_token: 'a', refresh_token: 'r' });
    localStorage.setItem('ngx-webstorage|invite_code', '"ABC"');
    localStorage.setItem('unrelated', 'x');
    clearSession();
    expect({ ...localStorage }).toEqual({ 'ngx-webstorage|invite_code': '"ABC"', unrelated: 'x' });
  });
});
