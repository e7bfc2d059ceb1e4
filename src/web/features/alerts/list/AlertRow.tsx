import { memo } from 'react';
import type { RowComponentProps } from 'react-window';
import { Link } from 'wouter';
import { TRUNCATE, truncate } from '../../../../common/format.ts';
import { TimeText } from '../../../components/Timestamp.tsx';
import { type DetailItem, RowDetails } from '../../../components/table/RowDetails.tsx';
import { listRowClass, RowSelectCell } from '../../../components/table/RowSelectCell.tsx';
import { PriorityBadge } from '../shared/PriorityBadge.tsx';
import { StatusBadge } from '../shared/StatusBadge.tsx';
import type { AlertSummary } from '../types.ts';
import type { ColumnKey } from './columns.ts';

export interface AlertRowProps {
  rows: readonly AlertSummary[];
  columns: readonly ColumnKey[];
  selected: ReadonlySet<number>;
  /** Every row counts as selected ("all N matching"). */
  allMatching: boolean;
  focusedIndex: number;
  customerName(id: string): string;
  /** The user's timestamp format, read once for the whole list. */
  formatTime(iso: string): string;
  onToggle(id: number, index: number): void;
  onFocusRow(index: number): void;
  selectLabel(id: number): string;
  /** Alerts whose details are open under their row. */
  detailsOpen: ReadonlySet<number>;
  onToggleDetails(id: number): void;
  /** The details of an alert, as labelled values. */
  detailsOf(alert: AlertSummary): DetailItem[];
}

// The badges read labels through i18next; a row that keeps its status or priority skips that.
const Status = memo(StatusBadge);
const Priority = memo(PriorityBadge);

interface CellsProps {
  alert: AlertSummary;
  columns: readonly ColumnKey[];
  customerName(id: string): string;
  formatTime(iso: string): string;
}

function Cell({
  alert,
  column,
  customerName,
  formatTime,
}: Omit<CellsProps, 'columns'> & { column: ColumnKey }) {
  switch (column) {
    case 'id':
      return <span className="alerts-cell__number">{alert.id}</span>;
    case 'case_id':
      return <span className="alerts-cell__number">{alert.case_id ?? ''}</span>;
    case 'title':
      // Spec 2, section 3: cut at 50 characters; the whole title shows on hover.
      return (
        <Link href={`/alerts/${alert.id}`} title={alert.title} tabIndex={-1} className="alerts-cell__title">
          {truncate(alert.title, TRUNCATE.alertTitle)}
        </Link>
      );
    case 'customer_id':
      return <span>{customerName(alert.customer_id)}</span>;
    case 'status':
      return <Status status={alert.status} />;
    case 'priority':
      return <Priority priority={alert.priority} />;
    case 'assigned_users':
      return <span>{alert.assigned_users.join(', ')}</span>;
    case '@timestamp':
    case 'updated_at':
      return <TimeText iso={alert[column]} format={formatTime} />;
    default:
      return <span>{alert[column] ?? ''}</span>;
  }
}

/**
 * The alert's cells. Memoised apart from the row, so moving the focus or the selection (j, k, x)
 * only touches the row's class and checkbox, not every cell of every row.
 */
const AlertCells = memo(function AlertCells({ alert, columns, customerName, formatTime }: CellsProps) {
  return columns.map((column) => (
    // biome-ignore lint/a11y/useSemanticElements: cells of a virtualised div grid
    <span
      role="gridcell"
      tabIndex={-1}
      key={column}
      className={`alerts-cell alerts-cell--${column.replace('@', '')}`}
    >
      <Cell alert={alert} column={column} customerName={customerName} formatTime={formatTime} />
    </span>
  ));
});

/** One alert of the list (a react-window row): checkbox and details button, the visible columns, open details. */
export function AlertRow({
  index,
  style,
  rows,
  columns,
  selected,
  allMatching,
  focusedIndex,
  customerName,
  formatTime,
  onToggle,
  onFocusRow,
  selectLabel,
  detailsOpen,
  onToggleDetails,
  detailsOf,
}: RowComponentProps<AlertRowProps>) {
  const alert = rows[index];
  if (!alert) return null;
  const isSelected = allMatching || selected.has(alert.id);
  const focused = index === focusedIndex;
  const open = detailsOpen.has(alert.id);
  const detailsId = `alert-details-${alert.id}`;
  return (
    // biome-ignore lint/a11y/useSemanticElements: react-window positions each row itself; a <tr> cannot be placed so
    // biome-ignore lint/a11y/useKeyWithClickEvents: the grid's own keys (j, k, x, Enter) do this
    <div
      role="row"
      tabIndex={-1}
      aria-rowindex={index + 2}
      aria-selected={isSelected}
      id={`alert-row-${alert.id}`}
      data-alert-id={alert.id}
      className={listRowClass('alerts-row', { selected: isSelected, focused, open })}
      style={style}
      onClick={() => onFocusRow(index)}
    >
      <RowSelectCell
        className="alerts-cell alerts-cell--check"
        selected={isSelected}
        selectLabel={selectLabel(alert.id)}
        onSelect={() => onToggle(alert.id, index)}
        details={{
          open,
          controls: detailsId,
          name: `#${alert.id}`,
          onToggle: () => onToggleDetails(alert.id),
        }}
      />
      <AlertCells alert={alert} columns={columns} customerName={customerName} formatTime={formatTime} />
      {open && <RowDetails id={detailsId} items={detailsOf(alert)} />}
    </div>
  );
}
