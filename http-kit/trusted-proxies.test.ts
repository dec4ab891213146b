import { describe, expect, it } from 'vitest';
import { parseTrustedProxies } from './trusted-proxies.ts';

describe('the trusted proxies of --trust-proxy', () => {
  it('takes addresses, CIDR ranges and the named ranges, comma-separated', () => {
    expect(parseTrustedProxies('10.0.0.0/8, 192.168.1.2,fd00::/8 , loopback')).toEqual([
      '10.0.0.0/8',
      '192.168.1.2',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each(['proxy.internal', '10.0.0.0/33', '10.0.0.0/8/1', 'true'])('refuses %s, naming it', (entry) => {
    expect(() => parseTrustedProxies(entry)).toThrow(`"${entry}" is not an address`);
  });
});
