import { useState } from 'react';

export const DEFAULT_GRAPHIC = '/assets/img/default_invite_graphic.png';

export function inviteGraphicPath(app: string): string {
  return `/assets/img/${encodeURIComponent(app)}_invite_graphic.png`;
}

/** The brand's invite graphic; the neutral one when the brand has none. Decorative: alt is empty. */
export function InviteGraphic({ app }: { app: string }) {
  const [src, setSrc] = useState(() => inviteGraphicPath(app));
  return (
    <img
      className="graphic"
      src={src}
      alt=""
      width={320}
      height={200}
      onError={() => setSrc((current) => (current === DEFAULT_GRAPHIC ? current : DEFAULT_GRAPHIC))}
    />
  );
}
