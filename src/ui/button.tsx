import type { AnchorHTMLAttributes, ComponentPropsWithRef } from 'react';
import { SLIDES_CARD_ATTRIBUTE } from '../early/hand-over.ts';

type Variant = 'primary' | 'secondary';

function classes(variant: Variant, extra = ''): string {
  return ['button', variant === 'secondary' ? 'button--secondary' : '', extra].filter(Boolean).join(' ');
}

/**
 * A button; a tap before the app runs is kept by the page script (src/early/page-script.ts).
 * `slidesCard`: such a tap already slides its step card out.
 */
export function Button({
  variant = 'primary',
  className,
  type = 'button',
  slidesCard,
  ...rest
}: ComponentPropsWithRef<'button'> & { variant?: Variant; slidesCard?: boolean }) {
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
