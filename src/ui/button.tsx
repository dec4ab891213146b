import type { AnchorHTMLAttributes, ButtonHTMLAttributes } from 'react';
import { useHydrated } from './use-hydrated.ts';

type Variant = 'primary' | 'secondary';

function classes(variant: Variant, extra = ''): string {
  return ['button', variant === 'secondary' ? 'button--secondary' : '', extra].filter(Boolean).join(' ');
}

/**
 * A button does something only once the app runs: on a page the server rendered it is disabled
 * until React has hydrated it, rather than swallowing a tap made while the code still loads.
 */
export function Button({
  variant = 'primary',
  className,
  type = 'button',
  disabled,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  const hydrated = useHydrated();
  return <button type={type} className={classes(variant, className)} disabled={disabled || !hydrated} {...rest} />;
}

export function ButtonLink({
  variant = 'primary',
  className,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { variant?: Variant }) {
  return <a className={classes(variant, className)} {...rest} />;
}
