import type { AnchorHTMLAttributes, ButtonHTMLAttributes } from 'react';
import { SLIDES_CARD_ATTRIBUTE } from '../early/hand-over.ts';

type Variant = 'primary' | 'secondary';

function classes(variant: Variant, extra = ''): string {
  return ['button', variant === 'secondary' ? 'button--secondary' : '', extra].filter(Boolean).join(' ');
}

/**
 * A button. On a page the server rendered it works from the first paint: a tap made before the
 * app runs is kept, shown as taken, and carried out once it runs (src/early/page-script.ts).
 * `slidesCard`: a tap taken early already slides its step card out, as the app will.
 */
export function Button({
  variant = 'primary',
  className,
  type = 'button',
  slidesCard,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; slidesCard?: boolean }) {
  return (
    <button
      type={type}
      className={classes(variant, className)}
      {...{ [SLIDES_CARD_ATTRIBUTE]: slidesCard ? '' : undefined }}
      {...rest}
    />
  );
}

export function ButtonLink({
  variant = 'primary',
  className,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { variant?: Variant }) {
  return <a className={classes(variant, className)} {...rest} />;
}
