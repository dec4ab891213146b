import { describe, expect, it, vi } from 'vitest';
import { readStored, removeStored, storageKey, writeStored } from './web-storage.ts';

describe('web storage', () => {
  it('writes values exactly as the Angular app did (ngx-webstorage)', () => {
    writeStored('access_token', 'abc');
    writeStored('is_accepted', true);
    writeStored('user', { display_name: 'Anna' });
    expect(localStorage.getItem('ngx-webstorage|access_token')).toBe('"abc"');
    expect(localStorage.getItem('ngx-webstorage|is_accepted')).toBe('true');
    expect(sessionStorage.getItem('ngx-webstorage|user')).toBe('{"display_name":"Anna"}');
    expect(storageKey('invite_code')).toBe('ngx-webstorage|invite_code');
  });

  it('reads what the Angular app stored', () => {
    localStorage.setItem('ngx-webstorage|refresh_token', '"r1"');
    expect(readStored('refresh_token')).toBe('r1');
  });

  it('reads a value that is not JSON as absent', () => {
    localStorage.setItem('ngx-webstorage|invite_code', 'not-json');
    expect(readStored('invite_code')).toBeUndefined();
  });

  it('removes only its own key', () => {
    localStorage.setItem('other-app', 'keep');
    writeStored('state', 's');
    removeStored('state');
    expect(readStored('state')).toBeUndefined();
    expect(localStorage.getItem('other-app')).toBe('keep');
  });

  it('keeps working in memory when storage refuses to write', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    writeStored('invite_code', 'ABC');
    expect(readStored('invite_code')).toBe('ABC');
  });
});
