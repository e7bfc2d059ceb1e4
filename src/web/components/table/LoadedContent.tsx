import type { ReactNode, Ref } from 'react';
import type { LoadState } from '../../api/loaded.ts';
import { LoadError } from './LoadError.tsx';
import { SlowLoadNotice } from './SlowLoadNotice.tsx';

export interface LoadedContentProps {
  /** The load it shows (a query, through `asLoaded`). */
  load: LoadState;
  /** True when the load came back with nothing to show. */
  empty: boolean;
  /** The screen's words for each state. */
  labels: { empty: string; loadFailed: string; retry: string; loading?: string };
  /** Shown above whatever state the load is in (a heading, a search box, a "reported at" line). */
  before?: ReactNode;
  /** A section when it stands as one part of a page (a tab), else a div. */
  as?: 'section' | 'div';
  className?: string;
  children: ReactNode;
}

/**
 * Every state of one loaded list or report in one place: busy (with the slow-load notice past its
 * wait, and said to screen readers when `labels.loading` is given), the error with a retry, the
 * empty message, else the content.
 */
export function LoadedContent({
  load,
  empty,
  labels,
  before,
  as = 'div',
  className,
  children,
}: LoadedContentProps) {
  const Host = as;
  return (
    <Host
      className={className ? `${className} slow-load-host` : 'slow-load-host'}
      aria-busy={load.status === 'loading'}
    >
      <SlowLoadNotice loading={load.status === 'loading'} />
      {before}
      {load.status === 'error' ? (
        <LoadError
          error={load.error}
          message={labels.loadFailed}
          retryLabel={labels.retry}
          onRetry={load.reload}
        />
      ) : load.status === 'ready' && empty ? (
        <p className="empty" role="status">
          {labels.empty}
        </p>
      ) : (
        children
      )}
      {load.status === 'loading' && labels.loading && (
        <span className="sr-only" role="status">
          {labels.loading}
        </span>
      )}
    </Host>
  );
}

/** A plain table with a caption for screen readers and one header row of column names. */
export function DataTable({
  caption,
  columns,
  className = 'table',
  bodyRef,
  children,
}: {
  caption?: string;
  columns: readonly string[];
  className?: string;
  bodyRef?: Ref<HTMLTableSectionElement>;
  children: ReactNode;
}) {
  return (
    <table className={className}>
      {caption && <caption className="sr-only">{caption}</caption>}
      <thead>
        <tr>
          {columns.map((column) => (
            <th scope="col" key={column}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody ref={bodyRef}>{children}</tbody>
    </table>
  );
}
