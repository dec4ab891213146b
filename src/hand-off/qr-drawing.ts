// Loaded on demand (qr-code.tsx); no React here, so splitting it off keeps React in the entry.
import { encode } from 'uqr';

/** Light modules around the code; the QR standard asks for four. */
export const QUIET_ZONE = 4;

export type QrDrawing = {
  /** Modules on each side, the quiet zone included: the drawing is the square 0 0 side side. */
  side: number;
  /** The dark modules as one SVG path, in module units, inside the quiet zone. */
  path: string;
};

/** Each run of dark modules in a row becomes one rectangle, moved right and down by offset. */
export function qrPath(modules: readonly (readonly boolean[])[], offset = 0): string {
  let d = '';
  modules.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      if (!row[x]) continue;
      const start = x;
      while (row[x + 1]) x++;
      const run = x - start + 1;
      d += `M${start + offset} ${y + offset}h${run}v1h-${run}z`;
    }
  });
  return d;
}

/** Error correction M (15%): room for a smudged screen or a glare without making the modules small. */
export function drawQr(value: string): QrDrawing {
  const { data, size } = encode(value, { ecc: 'M', border: 0 });
  return { side: size + 2 * QUIET_ZONE, path: qrPath(data, QUIET_ZONE) };
}
