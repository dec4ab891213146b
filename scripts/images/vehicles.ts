// Flat side views of the vehicles, facing right, drawn in a 300×180 box with the ground at y=174.
export type Kind = 'city' | 'sport' | 'cargo' | 'moped';
export interface Paint {
  frame: string; // main body colour
  detail: string; // rack, box, stripe
  fender: string; // mudguards
  tyre: string; // tyres, bars, saddle
  rim: string; // rims and spokes
  light: string; // lamp
}

const line = (d: string, stroke: string, w: number) =>
  `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round"/>`;

/** Arc path around (cx,cy) from angle a0 to a1 in degrees (0 = right, -90 = top). */
const arc = (cx: number, cy: number, r: number, a0: number, a1: number) => {
  const p = (a: number) =>
    `${(cx + r * Math.cos((a * Math.PI) / 180)).toFixed(1)} ${(cy + r * Math.sin((a * Math.PI) / 180)).toFixed(1)}`;
  return `M${p(a0)}A${r} ${r} 0 0 1 ${p(a1)}`;
};

const wheel = (cx: number, cy: number, r: number, p: Paint, tyreWidth = 7) => {
  const k = r - tyreWidth - 2;
  const spokes = [0, 30, 60, 90, 120, 150]
    .map((a) => [Math.cos((a * Math.PI) / 180) * k, Math.sin((a * Math.PI) / 180) * k])
    .map(
      ([dx = 0, dy = 0]) =>
        `M${(cx - dx).toFixed(1)} ${(cy - dy).toFixed(1)}L${(cx + dx).toFixed(1)} ${(cy + dy).toFixed(1)}`,
    )
    .join('');
  return (
    line(spokes, p.rim, 1.2) +
    `<circle cx="${cx}" cy="${cy}" r="${r - tyreWidth / 2}" fill="none" stroke="${p.tyre}" stroke-width="${tyreWidth}"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r - tyreWidth - 1}" fill="none" stroke="${p.rim}" stroke-width="2.5"/>` +
    `<circle cx="${cx}" cy="${cy}" r="4.5" fill="${p.tyre}"/>`
  );
};

const crank = (x: number, y: number, p: Paint) =>
  `<circle cx="${x}" cy="${y}" r="11" fill="none" stroke="${p.tyre}" stroke-width="3"/>` +
  line(`M${x} ${y}L${x + 9} ${y + 16}`, p.tyre, 4) +
  line(`M${x + 4} ${y + 17}H${x + 15}`, p.tyre, 4);

const saddle = (x: number, y: number, p: Paint, w = 28) =>
  `<path d="M${x} ${y}c0-5 ${w * 0.3}-6 ${w}-3c0 4-${w * 0.4} 6-${w} 3z" fill="${p.tyre}"/>`;

const city = (p: Paint) =>
  wheel(60, 130, 44, p) +
  wheel(240, 130, 44, p) +
  line(arc(60, 130, 50, -175, -25), p.fender, 5) +
  line(arc(240, 130, 50, -160, -20), p.fender, 5) +
  line('M50 84H112M54 84L60 130', p.detail, 5) +
  line('M60 130L135 134M60 130L112 76M135 134L109 56', p.frame, 7) +
  line('M221 80C184 92 150 108 135 134', p.frame, 8) +
  line('M217 62L223 86', p.frame, 10) +
  line('M223 86Q233 108 240 130', p.frame, 6) +
  line('M109 56L106 46', p.rim, 4) +
  saddle(94, 45, p) +
  line('M217 62L213 47M213 47C202 41 192 42 186 49', p.tyre, 4) +
  `<path d="M62 123L134 121A13 13 0 0 1 134 147L62 137A7 7 0 0 1 62 123Z" fill="${p.detail}"/>` +
  crank(135, 134, p) +
  `<circle cx="229" cy="72" r="5" fill="${p.light}" stroke="${p.tyre}" stroke-width="2"/>`;

const sport = (p: Paint) =>
  wheel(60, 130, 44, p, 5) +
  wheel(243, 130, 44, p, 5) +
  line('M60 130L133 132M60 130L118 64M133 132L118 64L220 64M223 84L133 132', p.frame, 6) +
  line('M218 58L224 86', p.frame, 9) +
  line('M224 86Q236 106 243 130', p.frame, 5) +
  line('M118 64L114 52', p.rim, 4) +
  saddle(100, 51, p, 30) +
  line('M219 58L234 55M234 55C250 53 252 74 240 76L233 74', p.tyre, 4) +
  crank(133, 132, p) +
  `<rect x="149" y="104.5" width="26" height="9" rx="4.5" transform="rotate(-28 162 109)" fill="${p.detail}"/>`;

const cargo = (p: Paint) =>
  wheel(52, 130, 44, p) +
  wheel(250, 144, 30, p, 6) +
  line(arc(52, 130, 50, -175, -25), p.fender, 5) +
  line('M52 130L112 134M52 130L100 74M112 134L96 58M112 134L250 144M104 82L162 92', p.frame, 7) +
  line('M160 58L166 96', p.frame, 10) +
  line('M166 96L170 136', p.frame, 6) +
  line('M96 58L93 48', p.rim, 4) +
  saddle(81, 47, p) +
  line('M160 58L156 44M156 44C146 39 138 41 133 48', p.tyre, 4) +
  `<rect x="176" y="76" width="112" height="58" rx="8" fill="${p.detail}"/>` +
  line('M184 88H280', p.frame, 3) +
  crank(112, 134, p) +
  `<circle cx="287" cy="100" r="5" fill="${p.light}" stroke="${p.tyre}" stroke-width="2"/>`;

const moped = (p: Paint) =>
  wheel(68, 138, 36, p, 9) +
  wheel(242, 138, 36, p, 9) +
  line(arc(242, 138, 43, -165, -35), p.frame, 7) +
  line('M214 38L242 138', p.rim, 7) +
  `<path d="M24 112C24 90 50 80 100 80H150C160 80 162 90 158 100L152 116H184C192 100 198 72 204 40H222C224 78 216 112 198 136H114L111 130A44 44 0 0 0 30 116C26 116 24 114 24 112Z" fill="${p.frame}"/>` +
  line('M40 98C70 90 110 89 150 91', p.detail, 4) +
  `<path d="M64 80C64 70 78 66 128 66C146 66 150 74 146 80Z" fill="${p.tyre}"/>` +
  line('M198 36H232', p.tyre, 6) +
  `<circle cx="223" cy="50" r="8" fill="${p.light}" stroke="${p.tyre}" stroke-width="2.5"/>` +
  `<rect x="19" y="100" width="8" height="12" rx="2" fill="${p.detail}"/>`;

export const vehicle = (kind: Kind, p: Paint): string => ({ city, sport, cargo, moped })[kind](p);
