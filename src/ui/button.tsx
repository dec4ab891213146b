import type { AnchorHTMLAttributes, ComponentPropsWithRef } from 'react';

type Variant = 'primary' | 'secondary';

type DataAttributes = { [name: `data-${string}`]: string | undefined };

function classes(variant: Variant, extra = ''): string {
  return ['button', variant === 'secondary' ? 'button--secondary' : '', extra].filter(Boolean).join(' ');
}

export function Button({
  variant = 'primary',
  className,
  type = 'button',
  ...rest
}: ComponentPropsWithRef<'button'> & DataAttributes & { variant?: Variant }) {
  return <button type={type} className={classes(variant, className)} {...rest} />;
}

export function ButtonLink({
  variant = 'primary',
  className,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { variant?: Variant }) {
  return <a className={classes(variant, className)} {...rest} />;
}
