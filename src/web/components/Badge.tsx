import type { ReactNode } from 'react';

export type BadgeTone = 'neutral' | 'accent' | 'info' | 'success' | 'warning' | 'danger';

export interface BadgeProps {
  tone?: BadgeTone;
  children: ReactNode;
  /** What a screen reader says instead of the visible text (e.g. '12 new updates' for '9+'). */
  label?: string;
}

/** A small pill for counts, categories and markers. */
export function Badge({ tone = 'neutral', children, label }: BadgeProps) {
  if (label === undefined) return <span className={`badge badge--${tone}`}>{children}</span>;
  return (
    <span className={`badge badge--${tone}`}>
      <span aria-hidden="true">{children}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}
