import { describe, expect, it } from 'vitest';
import { appDownloadUrl } from './qr-hand-off.tsx';

describe('appDownloadUrl', () => {
  it("is the app-download page's absolute address on the given origin", () => {
    expect(appDownloadUrl('https://invite.sparta.example')).toBe(
      'https://invite.sparta.example/my-account/app-download',
    );
    expect(appDownloadUrl('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080/my-account/app-download');
  });
});
