import { isIP } from 'node:net';

const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/** The `--trust-proxy` list (addresses, CIDR or named ranges) for Fastify; throws naming a bad entry. */
export function parseTrustedProxies(list: string): string[] {
  return list
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const [address = '', bits, extra] = entry.split('/');
      const version = isIP(address);
      const max = version === 4 ? 32 : 128;
      const validBits = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= max);
      if (NAMED_RANGES.includes(entry) || (version !== 0 && validBits && extra === undefined)) return entry;
      throw new Error(`"${entry}" is not an address, a CIDR range or one of ${NAMED_RANGES.join(', ')}`);
    });
}
