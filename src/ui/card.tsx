import type { ReactNode } from 'react';

type CardProps = {
  title?: ReactNode;
  children?: ReactNode;
  dimmed?: boolean;
  className?: string;
  /** Not shown, nor heard (a style sheet may still show it: author styles override `hidden`). */
  hidden?: boolean;
};

/** A card, its title an `h2`. Not a named region, or screen readers would say the title twice. */
export function Card({ title, children, dimmed = false, className = '', hidden }: CardProps) {
  const classes = ['card', dimmed ? 'card--dimmed' : '', className].filter(Boolean).join(' ');
  return (
    <section className={classes} hidden={hidden}>
      {title ? <h2 className="card__title">{title}</h2> : null}
      {children}
    </section>
  );
}
