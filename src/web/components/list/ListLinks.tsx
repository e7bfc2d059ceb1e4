import type { ReactNode } from 'react';
import { Link } from 'wouter';

/**
 * A row's name as a link to its page. It carries `data-list-name`: j and k put the focus on it,
 * so Enter follows it. On a long page (a hundred agents) `outOfTabOrder` leaves the row the only
 * Tab stop, so Tab goes on past the list rather than through every name.
 */
export function ListLink({
  href,
  outOfTabOrder = false,
  children,
}: {
  href: string;
  outOfTabOrder?: boolean;
  children: ReactNode;
}) {
  return (
    <Link href={href} className="list-link" data-list-name="" tabIndex={outOfTabOrder ? -1 : undefined}>
      {children}
    </Link>
  );
}

/** A row's name that opens its details beside the list: drawn as a link, said to be expanded or not. */
export function ListNameButton({
  expanded,
  onClick,
  children,
}: {
  expanded: boolean;
  onClick(): void;
  children: ReactNode;
}) {
  return (
    <button type="button" className="list-link" data-list-name="" aria-expanded={expanded} onClick={onClick}>
      {children}
    </button>
  );
}
