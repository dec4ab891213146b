import { describe, expect, it } from 'vitest';
import { optionsFromCli } from './options.ts';

describe('optionsFromCli', () => {
  it('has the documented defaults', () => {
    const options = optionsFromCli([], {});
    expect(options).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      brand: 'sparta',
      dbPath: 'data/app.db',
      distDir: 'dist',
      accessTtlSeconds: 300,
      quiet: false,
      allowedOrigins: [],
      testClock: false,
    });
    expect(optionsFromCli(['--test-clock'], {})).toMatchObject({ testClock: true });
  });

  it('takes flags over environment variables', () => {
    const env = {
      PORT: '9000',
      BRAND: 'qwic',
      DB_PATH: 'x.db',
      ACCESS_TTL: '60',
      ALLOWED_ORIGINS: 'https://a.example/, http://b.example:81',
    };
    expect(optionsFromCli([], env)).toMatchObject({
      port: 9000,
      brand: 'qwic',
      dbPath: 'x.db',
      accessTtlSeconds: 60,
      allowedOrigins: ['https://a.example', 'http://b.example:81'],
    });
    const flags = [
      '--port',
      '0',
      '--brand',
      'Batavus',
      '--db',
      ':memory:',
      '--access-ttl',
      '5',
      '--quiet',
      '--config-override',
      'o.json',
      '--dist',
      'out',
    ];
    expect(optionsFromCli(flags, env)).toMatchObject({
      port: 0,
      brand: 'batavus',
      dbPath: ':memory:',
      accessTtlSeconds: 5,
      quiet: true,
      configOverridePath: 'o.json',
      distDir: 'out',
    });
  });

  it('--ids standard chooses oidc-provider beside the server', () => {
    expect(optionsFromCli([], {})).toMatchObject({ ids: 'reference', idsPort: undefined });
    expect(optionsFromCli(['--ids', 'standard', '--ids-port', '9001'], {})).toMatchObject({
      ids: 'standard',
      idsPort: 9001,
    });
    expect(optionsFromCli([], { IDS: 'standard' })).toMatchObject({ ids: 'standard' });
    expect(() => optionsFromCli(['--ids', 'keycloak'], {})).toThrow(/^--ids: must be reference or standard/);
  });

  it('takes the owner and registration limits: the defaults, or raised ones', () => {
    expect(optionsFromCli([], {}).ownerLimits).toEqual({
      openInvitesPerBike: 20,
      writesPerMinute: { create: 10, change: 30 },
    });
    expect(optionsFromCli(['--open-invite-limit', '500', '--owner-write-limit', '100'], {}).ownerLimits).toEqual({
      openInvitesPerBike: 500,
      writesPerMinute: { create: 100, change: 300 },
    });
    expect(() => optionsFromCli(['--owner-write-limit', '0'], {})).toThrow(/owner-write-limit/);
    expect(optionsFromCli([], {}).registrationsPerClient).toBe(10);
    expect(optionsFromCli(['--registration-limit', '1000'], {}).registrationsPerClient).toBe(1000);
    expect(optionsFromCli([], {}).eventStreams.perAccount).toBe(8);
    expect(optionsFromCli(['--event-stream-limit', '1000'], {}).eventStreams).toMatchObject({ perAccount: 1000 });
  });

  it('takes the public URL, trusted proxies, the request time-out and the token rate limit', () => {
    expect(optionsFromCli([], {})).toMatchObject({
      publicUrl: undefined,
      trustProxy: [],
      requestTimeoutMs: 10_000,
      tokenRateLimit: 120,
    });
    expect(optionsFromCli(['--token-rate-limit', '0'], {})).toMatchObject({ tokenRateLimit: 0 });
    const env = { PUBLIC_URL: 'https://invite.example/ignored/path', TRUST_PROXY: '10.0.0.0/8, 192.168.1.5,loopback' };
    expect(optionsFromCli([], env)).toMatchObject({
      publicUrl: 'https://invite.example',
      trustProxy: ['10.0.0.0/8', '192.168.1.5', 'loopback'],
    });
    const flags = ['--public-url', 'http://127.0.0.1:9000', '--trust-proxy', 'fd00::/8', '--request-timeout', '500'];
    expect(optionsFromCli(flags, env)).toMatchObject({
      publicUrl: 'http://127.0.0.1:9000',
      trustProxy: ['fd00::/8'],
      requestTimeoutMs: 500,
    });
  });

  it('refuses a public URL or a trusted proxy it cannot read, naming the option', () => {
    expect(() => optionsFromCli(['--public-url', 'invite.example'], {})).toThrow(
      /^--public-url: "invite.example" is not an http\(s\) address/,
    );
    expect(() => optionsFromCli(['--trust-proxy', 'proxy.internal'], {})).toThrow(
      /^--trust-proxy: "[^"]+" is not an address/,
    );
    expect(() => optionsFromCli(['--trust-proxy', '10.0.0.0/33'], {})).toThrow(
      /^--trust-proxy: "[^"]+" is not an address/,
    );
    expect(() => optionsFromCli(['--request-timeout', '0'], {})).toThrow(/request-timeout/);
    expect(() => optionsFromCli(['--token-rate-limit', '-1'], {})).toThrow(/token-rate-limit/);
  });

  it('refuses bad values with a clear message', () => {
    expect(() => optionsFromCli(['--port', 'abc'], {})).toThrow(/port/);
    expect(() => optionsFromCli(['--access-ttl', '0'], {})).toThrow(/access-ttl/);
    expect(() => optionsFromCli(['--brand', '../etc'], {})).toThrow(/brand/);
    expect(() => optionsFromCli([], { ALLOWED_ORIGINS: 'ftp://x' })).toThrow(/origin/);
    expect(() => optionsFromCli(['--unknown'], {})).toThrow();
    expect(() => optionsFromCli(['--log-level', 'loud'], {})).toThrow(/^--log-level: must be one of fatal, error/);
    expect(() => optionsFromCli(['--allow-style', "'unsafe-inline'"], {})).toThrow(
      /^--allow-style: must be a CSP hash/,
    );
  });

  it('takes the inline styles to allow, each a sha256 hash', () => {
    const hash = `'sha256-${'A'.repeat(43)}='`;
    expect(optionsFromCli([], {}).allowStyles).toEqual([]);
    expect(optionsFromCli(['--allow-style', hash, '--allow-style', hash.replace('A', 'B')], {}).allowStyles).toEqual([
      hash,
      hash.replace('A', 'B'),
    ]);
  });
});
