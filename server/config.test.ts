import { describe, expect, it } from 'vitest';
import { optionsFromCli } from './config.ts';

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
    });
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
    expect(() => optionsFromCli(['--ids', 'keycloak'], {})).toThrow(/ids must be reference or standard/);
  });

  it('refuses bad values with a clear message', () => {
    expect(() => optionsFromCli(['--port', 'abc'], {})).toThrow(/port/);
    expect(() => optionsFromCli(['--access-ttl', '0'], {})).toThrow(/access-ttl/);
    expect(() => optionsFromCli(['--brand', '../etc'], {})).toThrow(/brand/);
    expect(() => optionsFromCli([], { ALLOWED_ORIGINS: 'ftp://x' })).toThrow(/origin/);
    expect(() => optionsFromCli(['--unknown'], {})).toThrow();
  });
});
