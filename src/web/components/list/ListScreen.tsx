import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.ts';
import type { LoadState } from '../../api/loaded.ts';
import { useIsActivePage, useTickerEvent } from '../../shell/index.ts';
import { LoadedContent } from '../table/LoadedContent.tsx';
import { ListGrid, type ListGridProps } from './ListGrid.tsx';
import { ListHeader } from './ListHeader.tsx';
import { ListPaging } from './ListPaging.tsx';
import type { ListPaging as Paging, RowId } from './list-types.ts';
import './list.css';
import type { ListControls } from './use-list-controls.ts';

export interface ListScreenProps<Row, Id extends RowId> extends Omit<ListGridProps<Row, Id>, 'controls'> {
  /** The page's own class, beside the kit's. */
  className?: string;
  /**
   * The page's title; absent on a panel that sits under a page's own title and tabs (the
   * administration tabs), where the header is only the count and the actions.
   */
  title?: string;
  /** Under the title: how many rows there are. */
  count?: ReactNode;
  /** How far a long load has come (ListLoadProgress), in the header. */
  progress?: ReactNode;
  /** The header's buttons (the primary action first). */
  actions?: ReactNode;
  /** The filters row (ListFilters). */
  filters?: ReactNode;
  /** Between the filters and the rows (a selection bar, totals). */
  before?: ReactNode;
  /** Beside the rows: the open row's details. */
  aside?: ReactNode;
  /** Below the screen: its dialogs. */
  children?: ReactNode;
  /** The rows' load (a query through `asLoaded`). */
  load: LoadState;
  /** `loading` is said to screen readers while the rows load; absent when the page says how far a load is itself. */
  labels: { empty: string; loadFailed: string; retry: string; loading?: string };
  /** False when the user may not see this list at all: said instead of asking. */
  allowed?: boolean;
  controls: ListControls;
  paging: Paging;
  /** Reads again on the shell's refresh ticker (the user's refresh period); true by default. */
  refresh?: boolean;
}

/**
 * Every list screen in one look: the header (title, count, actions), the filters, the rows in
 * their states (loading with the slow-load notice, the error with a retry, empty, no
 * permission), the paging under them, and an open row's details beside them.
 */
export function ListScreen<Row, Id extends RowId>({
  className,
  title,
  count,
  progress,
  actions,
  filters,
  before,
  aside,
  children,
  load,
  labels,
  allowed = true,
  controls,
  paging,
  refresh = true,
  ...grid
}: ListScreenProps<Row, Id>) {
  const { t } = useTranslation('shell');
  const active = useIsActivePage();
  useTickerEvent('refresh', () => {
    if (refresh && allowed && active && load.status !== 'loading') load.reload();
  });
  const denied =
    !allowed || (load.status === 'error' && load.error instanceof ApiError && load.error.status === 403);
  const empty = load.status === 'ready' && grid.rows.length === 0;
  const base = title === undefined ? 'list-page list-page--panel' : 'page-body list-page';
  return (
    <div className={className ? `${base} ${className}` : base}>
      <ListHeader title={title} count={count} progress={progress} actions={actions} />
      {filters}
      {before}
      <div className={aside ? 'two-panes' : undefined}>
        {denied ? (
          <p className="empty" role="status">
            {t('table.noPermission')}
          </p>
        ) : (
          <LoadedContent load={load} empty={empty} labels={labels} className="list-page__rows">
            <ListGrid
              {...grid}
              controls={controls}
              busy={load.status === 'loading'}
              rowCount={paging.kind === 'numbered' ? paging.total : -1}
              firstIndex={(controls.page - 1) * controls.pageSize}
            />
            <ListPaging paging={paging} controls={controls} />
          </LoadedContent>
        )}
        {aside}
      </div>
      {children}
    </div>
  );
}
