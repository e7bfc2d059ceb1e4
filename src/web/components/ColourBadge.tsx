import type { ReactNode } from 'react';

export interface ColourBadgeProps {
  /** One of the spec's status and priority colours (spec 1, section 4.7): green, white, yellow, … */
  colour: string;
  children: ReactNode;
  title?: string;
  /** `data-status` or `data-priority`: what the badge stands for, for styles and tests. */
  data?: Record<`data-${string}`, string>;
}

/** A status or priority in its colour: one look for alerts, cases and every list to come. */
export function ColourBadge({ colour, children, title, data }: ColourBadgeProps) {
  return (
    <span className={`badge colour-badge colour-badge--${colour}`} title={title} {...data}>
      {children}
    </span>
  );
}
