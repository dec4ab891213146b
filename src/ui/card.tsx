import type { ReactNode } from 'react';

type CardProps = {
  title?: ReactNode;
  children?: ReactNode;
  dimmed?: boolean;
  className?: string;
  /** Not shown, nor heard (a style sheet may still show it: author styles override `hidden`). */
  hidden?: boolean;
};

/**
 * A card, with its title as an `h2`. Not a named region: a region named by its own heading has a
 * screen reader say the title twice, once entering the region and once for the heading.
 */
export function Card({ title, children, dimmed = false, className = '', hidden }: CardProps) {
  const classes = ['card', dimmed ? 'card--dimmed' : '', className].filter(Boolean).join(' ');
  return (
    <section className={classes} hidden={hidden}>
      {title ? <h2 className="card__title">{title}</h2> : null}
      {children}
    </section>
  );
}
