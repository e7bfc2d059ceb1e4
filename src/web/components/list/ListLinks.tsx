import { createContext, type ReactNode, useContext } from 'react';
import { Link } from 'wouter';

/**
 * Whether the row a name sits in is the list's Tab stop (ListRow provides it): the names of the
 * other rows stay out of the Tab order, so Tab passes a list in one stop and j/k move within it.
 * Null outside a kit row, where a name is an ordinary link.
 */
export const RowTabStop = createContext<boolean | null>(null);

const useNameTabIndex = () => {
  const stop = useContext(RowTabStop);
  return stop === null ? undefined : stop ? 0 : -1;
};

/**
 * A row's name as a link to its page. It carries `data-list-name`: j and k put the focus on it,
 * so Enter follows it.
 */
export function ListLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className="list-link" data-list-name="" tabIndex={useNameTabIndex()}>
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
    <button
      type="button"
      className="list-link"
      data-list-name=""
      tabIndex={useNameTabIndex()}
      aria-expanded={expanded}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
