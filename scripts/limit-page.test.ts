import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { LIMIT_SERVER_ARGS, writeOwnerLimitPage } from './limit-page.ts';

describe('writeOwnerLimitPage', () => {
  const dist = mkdtempSync(join(tmpdir(), 'limit-page-'));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('lists each bike with its riders and open invites, escaped, with no script and its styles inline', () => {
    mkdirSync(join(dist, 'i18n'), { recursive: true });
    writeFileSync(join(dist, 'i18n/en.json'), readFileSync('public/i18n/en.json'));
    const path = writeOwnerLimitPage(dist, [
      { name: 'City <bike>', image_url: '/media/a.jpg', riders: ['Bram & Anna'], invites: ['CODE-1'] },
      { name: 'Cargo', image_url: '/media/b.jpg', riders: [], invites: ['CODE-2', 'CODE-3'] },
    ]);
    const html = readFileSync(join(dist, path), 'utf8');
    expect(path).toBe('/bench/limit-owner.html');
    expect(html).toContain('<h3>City &lt;bike&gt;</h3>');
    expect(html).toContain('<li>Bram &amp; Anna</li>');
    expect(html.match(/CODE-\d/g)).toEqual(['CODE-1', 'CODE-2', 'CODE-3']);
    expect(html.match(/<section>/g)).toHaveLength(2);
    const style = /<style>(.*?)<\/style>/.exec(html)![1]!;
    expect(LIMIT_SERVER_ARGS).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    expect(html).not.toContain('<script');
  });
});
