import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { wellKnownFiles } from '../app-server/app-link-files.ts';
import { APP_STORE } from '../app-server/test/app-store.ts';
import { writeWellKnown } from './well-known.ts';

let root: string;
let out: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'bike-invite-well-known-script-'));
  out = join(root, 'dist');
  mkdirSync(out);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function configFile(content: unknown): string {
  const path = join(root, `config-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

const wellKnown = () => join(out, '.well-known');
const read = (name: string) => readFileSync(join(wellKnown(), name), 'utf8');

describe('writeWellKnown', () => {
  it('writes both files, as the reference server serves them', () => {
    const report = writeWellKnown(configFile({ app: 'sparta', appStore: APP_STORE }), out);
    const [aasa, assetLinks] = wellKnownFiles(APP_STORE);
    expect(read('apple-app-site-association')).toBe(aasa?.body);
    expect(read('assetlinks.json')).toBe(assetLinks?.body);
    expect(report.written).toHaveLength(2);
  });

  it('writes nothing, not even the folder, without appStore', () => {
    const report = writeWellKnown(configFile({ app: 'sparta' }), out);
    expect(existsSync(wellKnown())).toBe(false);
    expect(report).toEqual({ written: [], removed: [] });
  });

  it('removes what an earlier config asked for, keeping other files in .well-known/', () => {
    writeWellKnown(configFile({ appStore: APP_STORE }), out);
    writeFileSync(join(wellKnown(), 'security.txt'), 'Contact: mailto:security@example.com\n');

    writeWellKnown(configFile({ appStore: { android: APP_STORE.android } }), out);
    expect(readdirSync(wellKnown()).toSorted()).toEqual(['assetlinks.json', 'security.txt']);

    const report = writeWellKnown(configFile({}), out);
    expect(readdirSync(wellKnown())).toEqual(['security.txt']);
    expect(report.removed).toEqual([join(wellKnown(), 'assetlinks.json')]);
  });

  it('refuses a malformed appStore or file and leaves the served files as they were', () => {
    writeWellKnown(configFile({ appStore: APP_STORE }), out);
    const bad = { appStore: { android: { ...APP_STORE.android, sha256CertFingerprints: ['AB:CD'] } } };
    expect(() => writeWellKnown(configFile(bad), out)).toThrow(/appStore\.android\.sha256CertFingerprints\.0/);
    expect(() => writeWellKnown(configFile('{ "appStore": '), out)).toThrow(/not valid JSON/);
    expect(() => writeWellKnown(configFile('[]'), out)).toThrow(/must hold a JSON object/);
    expect(() => writeWellKnown(configFile({ appLinks: {} }), out)).toThrow(/refused by the app: appLinks/);
    expect(readdirSync(wellKnown()).toSorted()).toEqual(['apple-app-site-association', 'assetlinks.json']);
  });
});

const run = (args: string[]) =>
  execFileSync(process.execPath, ['scripts/well-known.ts', ...args], { encoding: 'utf8', stdio: 'pipe' });

describe('npm run well-known', () => {
  it('reports what it wrote', () => {
    const output = run(['--config', configFile({ appStore: { ios: APP_STORE.ios } }), '--out', out]);
    expect(output).toBe(`wrote   ${join(wellKnown(), 'apple-app-site-association')}\n`);
  });

  it('exits with 1 and the reason on a bad config, 2 on missing flags', () => {
    const bad = configFile({ appStore: { ios: { ...APP_STORE.ios, bundleId: 'app' } } });
    expect(() => run(['--config', bad, '--out', out])).toThrow(
      expect.objectContaining({
        status: 1,
        stderr: expect.stringMatching(/appStore\.ios\.bundleId: must be like com\.brand\.app/),
      }),
    );
    expect(() => run(['--config', bad])).toThrow(expect.objectContaining({ status: 2 }));
  });
});
