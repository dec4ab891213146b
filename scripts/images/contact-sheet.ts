// A contact sheet to review every picture at a glance: logos on their header bars, graphics on
// their light and dark cards (at display size), icons, photos and avatars.
import type { Theme } from './pictures.ts';

export const contactSheet = (
  img: string,
  media: string,
  brands: string[],
  themes: Record<string, Theme & { dark: Omit<Theme, 'name'> }>,
  photos: string[],
  avatars: string[],
) => {
  const cell = (b: string) => {
    const t = themes[b]!;
    return (
      `<figure><div class="bar" style="background:${t.primary}"><img src="${img}/${b}_logo.svg" height="40"></div>` +
      `<div class="card" style="background:${t.cardBackground}"><img src="${img}/${b}_invite_graphic.png" width="320" height="200"></div>` +
      `<div class="card" style="background:${t.dark.cardBackground}"><img src="${img}/${b}_invite_graphic_dark.png" width="320" height="200"></div><figcaption>${b}</figcaption></figure>`
    );
  };
  const icons =
    ['favicon.svg', 'default_profile.svg', 'icon-google-play.svg', 'icon-app-store.svg']
      .map((f) => `<img src="${img}/${f}" width="48" height="48" style="color:#1F2328">`)
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
