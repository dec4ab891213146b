import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultReferenceOptions } from '../reference-options.ts';
import { loadTheme } from './theme.ts';

function themesFile(themes: unknown): string {
  const path = join(mkdtempSync(join(tmpdir(), 'themes-')), 'themes.json');
  writeFileSync(path, JSON.stringify(themes));
  return path;
}

describe('loadTheme', () => {
  it("reads the brand's light and dark palettes from the app's theme data", () => {
    const theme = loadTheme(defaultReferenceOptions.themesPath, 'qwic');
    expect(theme.primary).toBe('#E63A2A');
    expect(theme.dark.background).toMatch(/^#[0-9A-F]{6}$/);
    expect(theme.dark.background).not.toBe(theme.background);
    expect(theme.dark.text).not.toBe(theme.text);
  });

  it('gives a brand without a dark palette, or with broken colours in it, the default dark colours', () => {
    const path = themesFile({
      default: { dark: { background: '#101010', text: '#EEEEEE' } },
      plain: { primary: '#123456' },
      broken: { dark: { background: 'red; } body { display: none', text: '#FAFAFA' } },
    });
    expect(loadTheme(path, 'plain').dark.background).toBe('#101010');
    expect(loadTheme(path, 'broken').dark).toMatchObject({ background: '#101010', text: '#FAFAFA' });
  });
});
