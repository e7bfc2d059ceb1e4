import type { ReactNode } from 'react';

/**
 * A list screen's header: its title with the count (or what it shows) under it, and its actions
 * on the right at their natural width, never a bar across the page.
 */
export function ListHeader({
  title,
  count,
  actions,
}: {
  title: string;
  count?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header className="page-header list-header">
      <div className="list-header__title">
        <h1>{title}</h1>
        {count !== undefined && <p className="muted">{count}</p>}
      </div>
      {actions && <div className="list-header__actions">{actions}</div>}
    </header>
  );
}
