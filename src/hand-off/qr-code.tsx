import { use } from 'react';
import { afterNextPaint } from '../ui/when-idle.ts';
import type { QrDrawing } from './qr-drawing.ts';

/** The box the code is drawn in (CSS px; .qr-hand-off__code has the same size). */
const BOX = 192;

const drawings = new Map<string, Promise<QrDrawing | null>>();

/** Loads the QR library once and draws the value, after the frame that shows what it stands beside; null if the chunk cannot load. */
function loadDrawing(value: string): Promise<QrDrawing | null> {
  let drawing = drawings.get(value);
  if (!drawing) {
    drawing = afterNextPaint()
      .then(() => import('./qr-drawing.ts'))
      .then(
        ({ drawQr }) => drawQr(value),
        () => null,
      );
    drawings.set(value, drawing);
  }
  return drawing;
}

/** A QR code as SVG elements (nothing for the CSP to allow), dark on white; suspends while its library loads. */
export function QrCode({ value, label }: { value: string; label: string }) {
  const drawing = use(loadDrawing(value));
  if (!drawing) return null; // the address shown beside the code still works
  const { side, path } = drawing;
  const pixels = Math.max(1, Math.floor(BOX / side)) * side;
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${side} ${side}`}
      width={pixels}
      height={pixels}
      shapeRendering="crispEdges"
    >
      <rect width={side} height={side} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
