import { Icon } from '../Icon.tsx';
import type { SortState } from '../list/sort-paging.ts';

export interface SortHeaderCellProps<C extends string> {
  column: C;
  label: string;
  sort: SortState | null;
  onSort(column: C): void;
  className: string;
}

/**
 * A column header of a list's grid that sorts it: pressing it (click, Enter or Space) cycles
 * ascending → descending → unsorted (spec 1, section 4.6); aria-sort says the state.
 */
export function SortHeaderCell<C extends string>({
  column,
  label,
  sort,
  onSort,
  className,
}: SortHeaderCellProps<C>) {
  const direction = sort?.column === column ? sort.direction : null;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a header cell of a div grid
    <span
      role="columnheader"
      tabIndex={-1}
      className={className}
      aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'}
    >
      {/* A label longer than its column ends in an ellipsis, and the whole of it shows on hover. */}
      <button type="button" className="table-sort" title={label} onClick={() => onSort(column)}>
        <span className="table-sort__label">{label}</span>
        {direction && (
          <Icon name="chevron-down" size={12} className={`table-sort__icon table-sort__icon--${direction}`} />
        )}
      </button>
    </span>
  );
}
