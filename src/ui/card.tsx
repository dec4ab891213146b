import type { ReactNode } from 'react';

type CardProps = { title?: ReactNode; children?: ReactNode; dimmed?: boolean; className?: string };

/**
 * A card, with its title as an `h2`. Not a named region: a region named by its own heading has a
 * screen reader say the title twice, once entering the region and once for the heading.
 */
export function Card({ title, children, dimmed = false, className = '' }: CardProps) {
  const classes = ['card', dimmed ? 'card--dimmed' : '', className].filter(Boolean).join(' ');
  return (
    <section className={classes}>
      {title ? <h2 className="card__title">{title}</h2> : null}
      {children}
    </section>
  );
}
