import type { ReactNode } from 'react';
import { Link } from 'wouter';

/**
 * A row's name as a link to its page. It carries `data-list-name`: j and k put the focus on it,
 * so Enter follows it.
 */
export function ListLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className="list-link" data-list-name="">
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
