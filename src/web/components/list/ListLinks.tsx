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
  const tabIndex = useNameTabIndex();
  return (
    <Link href={href} className="list-link" data-list-name="" tabIndex={outOfTabOrder ? -1 : tabIndex}>
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
