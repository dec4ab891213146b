// One function per kind of picture; each returns SVG text.
import { contrast, isDark, mix } from './colour.ts';
import { vehicle, type Kind, type Paint } from './vehicles.ts';
import type { Theme } from '../../src/contract/themes.ts';

export type { Theme };
export type Mark = 'spokes' | 'hub' | 'split';

const svg = (w: number, h: number, body: string, extra = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}"${extra}>${body}</svg>`;
const n = (x: number) => String(Math.round(x * 10) / 10);
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

export const FONT = "Arial,'Helvetica Neue',Helvetica,'Liberation Sans',sans-serif";

/** The small wheel mark, centred on (cx,cy) with radius r. */
const wheelMark = (cx: number, cy: number, r: number, colour: string, style: Mark, ringWidth = 4) => {
  const ring = `<circle cx="${cx}" cy="${cy}" r="${r - ringWidth / 2}" fill="none" stroke="${colour}" stroke-width="${ringWidth}"/>`;
  if (style === 'hub') return ring + `<circle cx="${cx}" cy="${cy}" r="${n(r * 0.36)}" fill="${colour}"/>`;
  if (style === 'split')
    return ring + `<path d="M${cx} ${cy - r + 2}a${r - 2} ${r - 2} 0 0 1 0 ${2 * r - 4}z" fill="${colour}"/>`;
  const [k, h] = [(r - 4) * 0.866, (r - 4) / 2];
  const spoke = (x0: number, y0: number) => `M${n(cx - x0)} ${n(cy - y0)}L${n(cx + x0)} ${n(cy + y0)}`;
  return (
    ring +
    `<path d="${spoke(0, r - 4) + spoke(k, h) + spoke(k, -h)}" stroke="${colour}" stroke-width="2.5" stroke-linecap="round"/>` +
    `<circle cx="${cx}" cy="${cy}" r="3.5" fill="${colour}"/>`
  );
};

/** Header logo: wheel mark plus wordmark in onPrimary; `em` (the wordmark's width at font-size 1) fits it. */
export const logo = (t: Theme, mark: Mark, em: number) => {
  const markColour = contrast(t.accent, t.primary) >= 3 ? t.accent : t.onPrimary;
  const size = Math.min(20, 130 / em);
  const width = Math.ceil(44 + em * size + 6);
  const baseline = n(20 + (0.716 * size) / 2);
  return svg(
    width,
    40,
    `<title>${esc(t.name)}</title>` +
      wheelMark(20, 20, 15, markColour, mark) +
      `<text x="44" y="${baseline}" fill="${t.onPrimary}" font-family="${FONT}" font-size="${n(size)}" font-weight="700">${esc(t.name)}</text>`,
    ` role="img" aria-label="${esc(t.name)}"`,
  );
};

/** Paint for a brand: colourful frame, the other brand colour for details. */
export const brandPaint = (t: Theme, frameFrom?: 'primary' | 'accent'): Paint => {
  const frame = frameFrom ? t[frameFrom] : isDark(t.primary) ? t.accent : t.primary;
  const detail = frame === t.accent ? t.primary : t.accent;
  return {
    frame,
    detail,
    fender: isDark(detail) ? frame : detail,
    tyre: t.text,
    rim: mix(t.text, '#FFFFFF', 0.6),
    light: '#FFE9A8',
  };
};

/** `colour` lightened just enough to keep `min`:1 against a dark `surface`. */
const lift = (colour: string, surface: string, min: number): string => {
  for (let t = 0; t < 1; t += 0.02)
    if (contrast(mix(colour, '#FFFFFF', t), surface) >= min) return mix(colour, '#FFFFFF', t);
  return '#FFFFFF';
};

/** The same paint on a dark card: colours too dark to see there are lightened (near-black turns grey). */
export const darkPaint = (p: Paint, d: Theme): Paint => ({
  ...p,
  frame: lift(p.frame, d.cardBackground, 3.5),
  detail: lift(p.detail, d.cardBackground, 3.5),
  fender: lift(p.fender, d.cardBackground, 3.5),
  tyre: mix(d.text, d.cardBackground, 0.12),
  rim: mix(d.text, d.cardBackground, 0.5),
});

const check = (cx: number, cy: number, s: number, colour: string) =>
  `<path d="M${cx - s} ${cy}l${s * 0.7} ${s * 0.7}l${s * 1.3}-${s * 1.4}" fill="none" stroke="${colour}" stroke-width="${s * 0.45}" stroke-linecap="round" stroke-linejoin="round"/>`;
const heart = (x: number, y: number, s: number, colour: string) =>
  `<path transform="translate(${x} ${y}) scale(${s})" d="M0 4C-2-1-10 0-10 6c0 5 6 9 10 12 4-3 10-7 10-12 0-6-8-7-10-2z" fill="${colour}"/>`;
const key = (colour: string) =>
  `<circle cx="0" cy="0" r="9" fill="none" stroke="${colour}" stroke-width="5"/>` +
  `<path d="M9 0H34M26 0V9M33 0V7" fill="none" stroke="${colour}" stroke-width="5" stroke-linecap="round"/>`;

/** 640×400 invite-accepted card graphic: the vehicle, and a phone that shares its key. */
export const inviteGraphic = (t: Theme, kind: Kind, paint: Paint) => {
  const hue = isDark(paint.frame) ? paint.detail : paint.frame;
  const tint = mix(hue, t.cardBackground, 0.86);
  const ink = contrast(paint.frame, t.cardBackground) >= 3 ? paint.frame : t.text; // key and heart
  const badge = paint.detail === t.accent ? { bg: t.accent, ink: t.onAccent } : { bg: t.primary, ink: t.onPrimary };
  return svg(
    640,
    400,
    `<circle cx="280" cy="226" r="164" fill="${tint}"/>` +
      `<ellipse cx="266" cy="372" rx="222" ry="9" fill="${mix(hue, t.cardBackground, 0.7)}"/>` +
      `<g transform="translate(40 111) scale(1.5)">${vehicle(kind, paint)}</g>` +
      `<path d="M478 120C440 112 412 92 396 64" fill="none" stroke="${t.mutedText}" stroke-width="3" stroke-dasharray="1 9" stroke-linecap="round"/>` +
      `<circle cx="370" cy="52" r="30" fill="${t.cardBackground}" stroke="${tint}" stroke-width="4"/>` +
      `<g transform="translate(355 62) rotate(-35) scale(.85)">${key(ink)}</g>` +
      `<g transform="rotate(8 536 116)"><rect x="488" y="36" width="96" height="160" rx="16" fill="${t.text}"/>` +
      `<rect x="496" y="50" width="80" height="132" rx="8" fill="${t.cardBackground}"/>` +
      `<circle cx="536" cy="106" r="27" fill="${badge.bg}"/>${check(536, 106, 12, badge.ink)}` +
      `<rect x="514" y="146" width="44" height="7" rx="3.5" fill="${tint}"/><rect x="522" y="160" width="28" height="7" rx="3.5" fill="${tint}"/></g>` +
      heart(462, 40, 0.8, ink),
  );
};

/** 800×600 "product photo": the vehicle on a soft studio gradient. */
export const photo = (kind: Kind, paint: Paint, bg: [string, string]) =>
  svg(
    800,
    600,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${bg[0]}"/><stop offset="1" stop-color="${bg[1]}"/></linearGradient>` +
      `<radialGradient id="s"><stop offset="0" stop-color="#000" stop-opacity=".22"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs>` +
      `<rect width="800" height="600" fill="url(#g)"/><ellipse cx="400" cy="478" rx="330" ry="26" fill="url(#s)"/>` +
      `<g transform="translate(70 90) scale(2.2)">${vehicle(kind, paint)}</g>`,
  );

export interface Face {
  bg: string;
  skin: string;
  hair: string;
  shirt: string;
  style: 'long' | 'short' | 'bun';
  glasses?: boolean;
}
/** 192×192 avatar: a friendly flat face on a coloured square (shown cropped to a circle). */
export const avatar = (f: Face) => {
  const hairBack = f.style === 'long' ? `<path d="M56 96C50 50 142 50 136 96V150H56Z" fill="${f.hair}"/>` : '';
  const hairTop = {
    long: `<path d="M60 88C58 52 134 46 134 92C118 88 96 74 92 62C86 76 74 86 60 88Z" fill="${f.hair}"/>`,
    short: `<path d="M62 86C56 50 136 46 130 86C124 70 112 64 96 64C80 64 68 72 62 86Z" fill="${f.hair}"/>`,
    bun: `<circle cx="96" cy="40" r="17" fill="${f.hair}"/><path d="M62 90C58 52 134 52 130 90C124 74 110 66 96 66C80 66 68 74 62 90Z" fill="${f.hair}"/>`,
  }[f.style];
  return svg(
    192,
    192,
    `<rect width="192" height="192" fill="${f.bg}"/>${hairBack}` +
      `<path d="M34 192C34 150 62 138 96 138S158 150 158 192Z" fill="${f.shirt}"/><rect x="84" y="118" width="24" height="28" rx="10" fill="${f.skin}"/>` +
      `<ellipse cx="96" cy="94" rx="34" ry="38" fill="${f.skin}"/>${hairTop}` +
      `<circle cx="83" cy="98" r="3.6" fill="#2A2A2A"/><circle cx="109" cy="98" r="3.6" fill="#2A2A2A"/>` +
      (f.glasses
        ? '<path d="M92 98h8" stroke="#2A2A2A" stroke-width="3"/><circle cx="83" cy="98" r="10" fill="none" stroke="#2A2A2A" stroke-width="3"/><circle cx="109" cy="98" r="10" fill="none" stroke="#2A2A2A" stroke-width="3"/>'
        : '') +
      `<circle cx="76" cy="110" r="5" fill="#F29C9C" opacity=".5"/><circle cx="116" cy="110" r="5" fill="#F29C9C" opacity=".5"/>` +
      `<path d="M86 114Q96 122 106 114" fill="none" stroke="#2A2A2A" stroke-width="3" stroke-linecap="round"/>`,
  );
};

export const defaultProfile = () =>
  svg(
    96,
    96,
    `<title>Profile</title><clipPath id="c"><circle cx="48" cy="48" r="48"/></clipPath><circle cx="48" cy="48" r="48" fill="#D5D9DE"/>` +
      `<g clip-path="url(#c)" fill="#FFFFFF"><circle cx="48" cy="38" r="17"/><path d="M14 96C14 72 30 62 48 62S82 72 82 96Z"/></g>`,
    ' role="img"',
  );

export const favicon = (t: Theme) =>
  svg(
    32,
    32,
    `<rect width="32" height="32" rx="7" fill="${t.primary}"/>` + wheelMark(16, 16, 11, t.onPrimary, 'spokes', 3),
  );

/** Monochrome store icons (generic shapes, not the stores' own marks), 24×24, currentColor. */
export const storeIcon = (store: 'google-play' | 'app-store') =>
  svg(
    24,
    24,
    store === 'google-play'
      ? '<path d="M6.5 3.6C5.7 3.1 4.7 3.7 4.7 4.6v14.8c0 .9 1 1.5 1.8 1l12.6-7.4c.8-.5.8-1.6 0-2z" fill="currentColor"/>'
      : '<rect x="2.5" y="2.5" width="19" height="19" rx="5" fill="none" stroke="currentColor" stroke-width="2"/><path d="M8 17l4-10 4 10M9.4 13.5h5.2" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>',
    ' aria-hidden="true" focusable="false"',
  );
