import type { ReactNode } from 'react';

/**
 * A list screen's header: its title with the count (or what it shows) under it, and its actions
 * on the right at their natural width, never a bar across the page. Without a title (a panel
 * under a page's own title and tabs) it is a bar of the count and the actions alone, and
 * nothing when it has neither.
 */
export function ListHeader({
  title,
  count,
  progress,
  actions,
}: {
  title?: string;
  count?: ReactNode;
  /** How far a long load has come (ListLoadProgress), beside the count. */
  progress?: ReactNode;
  actions?: ReactNode;
}) {
  if (title === undefined && count === undefined && !actions) return null;
  const summary = (
    <div className="list-header__title">
      {title !== undefined && <h1>{title}</h1>}
      {count !== undefined && <p className="muted">{count}</p>}
      {progress}
    </div>
  );
  const buttons = actions && <div className="list-header__actions">{actions}</div>;
  if (title === undefined) {
    return (
      <div className="list-header list-header--panel">
        {summary}
        {buttons}
      </div>
    );
  }
  return (
    <header className="page-header list-header">
      {summary}
      {buttons}
    </header>
  );
}
