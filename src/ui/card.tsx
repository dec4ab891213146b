import type { ReactNode } from 'react';

type CardProps = { title?: ReactNode; children?: ReactNode; dimmed?: boolean; className?: string; labelledBy?: string };

export function Card({ title, children, dimmed = false, className = '', labelledBy }: CardProps) {
  const classes = ['card', dimmed ? 'card--dimmed' : '', className].filter(Boolean).join(' ');
  return (
    <section className={classes} aria-labelledby={labelledBy}>
      {title ? (
        <h2 className="card__title" id={labelledBy}>
          {title}
        </h2>
      ) : null}
      {children}
    </section>
  );
}
