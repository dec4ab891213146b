import { useState } from 'react';
import { inviteGraphicPath } from '../contract/brand-assets.ts';

const DEFAULT_APP = 'default';

/** The brand's invite graphic for the colour scheme, falling back to its light one, then the neutral one. */
export function InviteGraphic({ app }: { app: string }) {
  const [shown, setShown] = useState({ app, dark: true });
  const light = inviteGraphicPath(shown.app);
  const dark = inviteGraphicPath(shown.app, 'dark');
  const failed = (img: HTMLImageElement) => {
    if (shown.dark && img.currentSrc.endsWith(dark)) setShown({ ...shown, dark: false });
    else if (shown.app !== DEFAULT_APP) setShown({ app: DEFAULT_APP, dark: true });
  };
  return (
    <picture>
      {shown.dark ? <source srcSet={dark} media="(prefers-color-scheme: dark)" width={320} height={200} /> : null}
      <img
        className="graphic"
        src={light}
        alt=""
        width={320}
        height={200}
        onError={(event) => failed(event.currentTarget)}
      />
    </picture>
  );
}
