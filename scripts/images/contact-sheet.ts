// A contact sheet of every picture, on its header bar or card, to review at a glance.
import {
  brandLogoPath,
  DEFAULT_PROFILE_PATH,
  FAVICON_PATH,
  inviteGraphicPath,
} from '../../src/contract/brand-assets.ts';
import { themeFor } from '../../src/contract/themes.ts';

export const contactSheet = (
  publicDir: string,
  media: string,
  brands: string[],
  photos: string[],
  avatars: string[],
) => {
  const cell = (b: string) => {
    const t = themeFor(b);
    return (
      `<figure><div class="bar" style="background:${t.primary}"><img src="${publicDir}${brandLogoPath(b)}" height="40"></div>` +
      `<div class="card" style="background:${t.cardBackground}"><img src="${publicDir}${inviteGraphicPath(b)}" width="320" height="200"></div>` +
      `<div class="card" style="background:${t.dark.cardBackground}"><img src="${publicDir}${inviteGraphicPath(b, 'dark')}" width="320" height="200"></div><figcaption>${b}</figcaption></figure>`
    );
  };
  const img = `${publicDir}/assets/img`;
  const icons =
    [FAVICON_PATH, DEFAULT_PROFILE_PATH, '/assets/img/icon-google-play.svg', '/assets/img/icon-app-store.svg']
      .map((path) => `<img src="${publicDir}${path}" width="48" height="48" style="color:#1F2328">`)
      .join('') +
    `<span class="badge"><img src="${img}/icon-google-play.svg" width="20" height="20"> Google Play</span>` +
    `<span class="badge"><img src="${img}/icon-app-store.svg" width="20" height="20"> App Store</span>`;
  return `<!doctype html><meta charset="utf-8"><style>
body{margin:24px;font:13px/1.4 system-ui,sans-serif;background:#E9EBEE;color:#1F2328}
.grid{display:grid;grid-template-columns:repeat(4,320px);gap:20px}
figure{margin:0}.bar{height:64px;display:flex;align-items:center;padding:0 16px}
.card{height:200px;border:1px solid #D0D4D9}figcaption{padding:4px 0}
.row{display:flex;gap:16px;align-items:center;margin:20px 0;flex-wrap:wrap}
.badge{display:inline-flex;gap:8px;align-items:center;background:#111;color:#fff;padding:8px 14px;border-radius:8px}
.badge img{filter:invert(1)}
</style><div class="grid">${brands.map(cell).join('')}</div>
<div class="row">${icons}</div>
<div class="row">${photos.map((p) => `<img src="${media}/bikes/${p}.jpg" width="320"><img src="${media}/bikes/${p}-400.jpg" width="200">`).join('')}</div>
<div class="row">${avatars.map((a) => `<img src="${media}/avatars/${a}.jpg" width="96" style="border-radius:50%"><img src="${media}/avatars/${a}.jpg" width="96">`).join('')}</div>`;
};
