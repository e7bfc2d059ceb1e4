import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { SortState } from '../../../../../machines/table/table.context.ts';
import { SortHeaderCell } from '../../../components/table/SortHeaderCell.tsx';
import { useLabels } from '../shared/use-labels.ts';
import type { ColumnKey } from './columns.ts';

export interface AlertsHeaderProps {
  columns: readonly ColumnKey[];
  sort: SortState | null;
  onSort(column: ColumnKey): void;
  /** all: every row of the page selected; some: a few. */
  pageSelection: 'none' | 'some' | 'all';
  onTogglePage(): void;
}

/**
 * The header row: the page's checkbox and a sorting header per column (components/table).
 */
export function AlertsHeader({ columns, sort, onSort, pageSelection, onTogglePage }: AlertsHeaderProps) {
  const { t } = useTranslation('alerts');
  const labels = useLabels();
  const checkbox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (checkbox.current) checkbox.current.indeterminate = pageSelection === 'some';
  }, [pageSelection]);
  return (
    // biome-ignore lint/a11y/useSemanticElements: the header row of a virtualised div grid
    <div role="row" tabIndex={-1} aria-rowindex={1} className="alerts-row alerts-row--header">
      {/* biome-ignore lint/a11y/useSemanticElements: a header cell of a div grid */}
      <span role="columnheader" tabIndex={-1} className="alerts-cell alerts-cell--check">
        <input
          ref={checkbox}
          type="checkbox"
          checked={pageSelection === 'all'}
          onChange={onTogglePage}
          aria-label={t('list.selectPage')}
        />
      </span>
      {columns.map((column) => (
        <SortHeaderCell
          key={column}
          column={column}
          label={labels.column(column)}
          sort={sort}
          onSort={onSort}
          className={`alerts-cell alerts-cell--${column.replace('@', '')}`}
        />
      ))}
    </div>
  );
}
