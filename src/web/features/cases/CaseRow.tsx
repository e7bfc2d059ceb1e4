import { useEffect, useRef } from 'react';
import type { RowComponentProps } from 'react-window';
import { Link } from 'wouter';
import { TRUNCATE, truncate } from '../../../common/format.ts';
import { Badge } from '../../components/Badge.tsx';
import { Timestamp } from '../../components/Timestamp.tsx';
import { type DetailItem, RowDetails } from '../../components/table/RowDetails.tsx';
import { listRowClass, RowSelectCell } from '../../components/table/RowSelectCell.tsx';
import type { CaseSummary } from './api.ts';
import { RiskScore } from './RiskScore.tsx';
import { StatusBadge } from './StatusBadge.tsx';

export interface CaseRowProps {
  cases: readonly CaseSummary[];
  /** The row j/k moved to; null before the first move. */
  focusedIndex: number | null;
  /** Goes up with every keyboard move: the focused row then takes the focus (once it is drawn). */
  focusRequest: number;
  /** The last request a row carried out, shared by the rows: a row drawn again later does not take the focus back. */
  focusClaim: { handled: number };
  selected: ReadonlySet<number>;
  /** Cases whose details are open under their row. */
  detailsOpen: ReadonlySet<number>;
  onToggleDetails(id: number): void;
  /** The details of a case, as labelled values. */
  detailsOf(item: CaseSummary): DetailItem[];
  customerName(customerId: string): string;
  displayUser(email: string): string;
  onFocusRow(index: number): void;
  onToggle(index: number): void;
  selectLabel(id: number): string;
}

/**
 * One case of the list (a react-window row): a checkbox and the details button, then title (the link that opens it),
 * customer, status, risk, tags, assignees, alert count and last update. Only the focused row's
 * link is in the Tab order; j/k move between rows. Open details show under the cells.
 */
export function CaseRow({
  index,
  style,
  cases,
  focusedIndex,
  focusRequest,
  focusClaim,
  selected,
  detailsOpen,
  onToggleDetails,
  detailsOf,
  customerName,
  displayUser,
  onFocusRow,
  onToggle,
  selectLabel,
}: RowComponentProps<CaseRowProps>) {
  const link = useRef<HTMLAnchorElement>(null);
  const item = cases[index];
  const focused = index === focusedIndex;
  // The focused row may be drawn only after the list scrolled to it: it takes the focus then,
  // once per keyboard move (scrolling it out of view and back later leaves the focus alone).
  useEffect(() => {
    if (!focused || focusRequest <= focusClaim.handled || !link.current) return;
    focusClaim.handled = focusRequest;
    link.current.focus();
  }, [focused, focusRequest, focusClaim]);
  if (!item) return null;
  const isSelected = selected.has(item.id);
  const open = detailsOpen.has(item.id);
  const detailsId = `case-details-${item.id}`;
  const tabbable = focused || (focusedIndex === null && index === 0);
  return (
    // biome-ignore lint/a11y/useSemanticElements: react-window positions each row itself; a <tr> cannot be placed so
    // biome-ignore lint/a11y/useKeyWithClickEvents: the list's own keys (j, k, x, Enter) do this
    <div
      role="row"
      tabIndex={-1}
      aria-rowindex={index + 2}
      aria-selected={isSelected}
      aria-current={focused || undefined}
      data-row-index={index}
      data-case-id={item.id}
      className={listRowClass('case-row', { selected: isSelected, focused, open })}
      style={style}
      onClick={() => onFocusRow(index)}
    >
      <RowSelectCell
        className="case-cell case-cell--check"
        selected={isSelected}
        selectLabel={selectLabel(item.id)}
        onSelect={() => onToggle(index)}
        details={{ open, controls: detailsId, name: `#${item.id}`, onToggle: () => onToggleDetails(item.id) }}
      />
      {/* biome-ignore lint/a11y/useSemanticElements: cells of a virtualised div grid */}
      <span role="gridcell" tabIndex={-1} className="case-cell case-cell--title">
        <Link
          ref={link}
          href={`/cases/${item.id}`}
          tabIndex={tabbable ? 0 : -1}
          onFocus={() => onFocusRow(index)}
          title={item.title}
        >
          <span className="case-id">#{item.id}</span> {truncate(item.title, TRUNCATE.default)}
        </Link>
      </span>
      {/* biome-ignore lint/a11y/useSemanticElements: cells of a virtualised div grid */}
      <span role="gridcell" tabIndex={-1} className="case-cell case-cell--customer">
        {truncate(customerName(item.customer_id), TRUNCATE.customerName)}
      </span>
      {/* biome-ignore lint/a11y/useSemanticElements: cells of a virtualised div grid */}
      <span role="gridcell" tabIndex={-1} className="case-cell case-cell--status">
        <StatusBadge status={item.status} />
      </span>
      {/* biome-ignore lint/a11y/useSemanticElements: cells of a virtualised div grid */}
      <span role="gridcell" tabIndex={-1} className="case-cell case-cell--risk">
        <RiskScore score={item.risk_score} />
      </span>
      {/* biome-ignore lint/a11y/useSemanticElements: cells of a virtualised div grid */}
      <span role="gridcell" tabIndex={-1} className="case-cell case-cell--tags" title={item.tags.join(', ')}>
        {item.tags.map((tag) => (
          <Badge key={tag} tone="accent">
            {tag}
          </Badge>
        ))}
      </span>
      {/* biome-ignore lint/a11y/useSemanticElements: cells of a virtualised div grid */}
      <span role="gridcell" tabIndex={-1} className="case-cell case-cell--assignees">
        {item.assigned_users.map(displayUser).join(', ')}
      </span>
      {/* biome-ignore lint/a11y/useSemanticElements: cells of a virtualised div grid */}
      <span role="gridcell" tabIndex={-1} className="case-cell case-cell--count">
        {item.alert_count}
      </span>
      {/* biome-ignore lint/a11y/useSemanticElements: cells of a virtualised div grid */}
      <span role="gridcell" tabIndex={-1} className="case-cell case-cell--updated">
        <Timestamp iso={item.updated_at} />
      </span>
      {open && <RowDetails id={detailsId} items={detailsOf(item)} />}
    </div>
  );
}
