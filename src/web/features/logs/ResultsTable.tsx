import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { List, type RowComponentProps, useListRef } from 'react-window';
import { useShallowMemo } from '../../components/use-shallow-memo.ts';
import type { LogEvent } from './api.ts';
import type { Column } from './search-model.ts';

const ROW = 32;
const RAW_LINE = 16;
const RAW_MAX = 320;
const VIEWPORT_ROWS = 14;

interface RowProps {
  events: readonly LogEvent[];
  columns: readonly Column[];
  expanded: ReadonlySet<string>;
  focused: number;
  onToggle(id: string): void;
  onFocusRow(index: number): void;
  onKey(event: KeyboardEvent, index: number): void;
  expandLabel(time: string): string;
}

const rawLines = (event: LogEvent) => JSON.stringify(event.raw, null, 2).split('\n').length;
const rawHeight = (event: LogEvent) => Math.min(RAW_MAX, rawLines(event) * RAW_LINE + 16);
const shownTime = (time: string) => new Date(time).toISOString().replace('T', ' ').slice(0, 23);
const cellText = (event: LogEvent, column: Column) => {
  const value = event[column];
  return value === null || value === undefined ? '' : String(value);
};

function ResultRow({ index, style, ...p }: RowComponentProps<RowProps>) {
  const event = p.events[index];
  if (!event) return null;
  const open = p.expanded.has(event.id);
  const rawId = `raw-${event.id}`;
  return (
    // biome-ignore lint/a11y/useSemanticElements: react-window positions each row itself; a <tr> cannot be placed so
    <div
      role="row"
      tabIndex={-1}
      aria-rowindex={index + 2}
      className="search-row"
      style={style}
      data-row-index={index}
    >
      {/* biome-ignore lint/a11y/useSemanticElements: cells of a virtualised div grid */}
      <span role="gridcell" tabIndex={-1} className="search-cell search-cell--time">
        <button
          type="button"
          className="search-expand"
          aria-expanded={open}
          aria-controls={open ? rawId : undefined}
          aria-label={p.expandLabel(shownTime(event.time))}
          tabIndex={index === p.focused ? 0 : -1}
          onFocus={() => p.onFocusRow(index)}
          onClick={() => p.onToggle(event.id)}
          onKeyDown={(e) => p.onKey(e, index)}
        >
          <span aria-hidden="true">{open ? '▾' : '▸'}</span> {shownTime(event.time)}
        </button>
      </span>
      {p.columns.map((column) => (
        // biome-ignore lint/a11y/useSemanticElements: cells of a virtualised div grid
        <span key={column} role="gridcell" tabIndex={-1} className={`search-cell search-cell--${column}`}>
          {cellText(event, column)}
        </span>
      ))}
      {open && (
        // biome-ignore lint/a11y/useSemanticElements: cells of a virtualised div grid
        <span role="gridcell" tabIndex={-1} className="search-raw-cell">
          <pre id={rawId} className="search-raw" style={{ maxHeight: RAW_MAX - 8 }}>
            {JSON.stringify(event.raw, null, 2)}
          </pre>
        </span>
      )}
    </div>
  );
}

export interface ResultsTableProps {
  events: readonly LogEvent[];
  columns: readonly Column[];
  expanded: ReadonlySet<string>;
  onToggle(id: string): void;
  /** Near the end of the loaded rows: load the next page. */
  onNearEnd(): void;
}

/**
 * The events as an ARIA grid whose rows are a react-window List: any number of rows scroll
 * without drawing them all. Arrow keys (or j/k) move between rows, Enter opens the raw event.
 */
export function ResultsTable({ events, columns, expanded, onToggle, onNearEnd }: ResultsTableProps) {
  const { t } = useTranslation('search');
  const listRef = useListRef(null);
  const [focused, setFocused] = useState(0);
  const grid = useRef<HTMLDivElement>(null);

  const moveTo = useCallback(
    (index: number) => {
      const next = Math.max(0, Math.min(events.length - 1, index));
      setFocused(next);
      listRef.current?.scrollToRow({ index: next, align: 'auto' });
      requestAnimationFrame(() =>
        grid.current?.querySelector<HTMLElement>(`[data-row-index="${next}"] .search-expand`)?.focus(),
      );
      if (next >= events.length - 20) onNearEnd();
    },
    [events.length, listRef, onNearEnd],
  );
  const onKey = useCallback(
    (event: KeyboardEvent, index: number) => {
      const step = { ArrowDown: 1, j: 1, ArrowUp: -1, k: -1, PageDown: 10, PageUp: -10 }[event.key];
      if (step === undefined) return;
      event.preventDefault();
      event.stopPropagation();
      moveTo(index + step);
    },
    [moveTo],
  );
  useEffect(() => {
    if (focused >= events.length) setFocused(0);
  }, [events.length, focused]);
  const expandLabel = useCallback((time: string) => t('results.expand', { time }), [t]);

  const rowProps = useShallowMemo<RowProps>({
    events,
    columns,
    expanded,
    focused,
    onToggle,
    onFocusRow: setFocused,
    onKey,
    expandLabel,
  });
  const heightOf = (index: number) => {
    const event = events[index];
    return event && expanded.has(event.id) ? ROW + rawHeight(event) : ROW;
  };
  const height = Math.min(
    VIEWPORT_ROWS * ROW,
    events.reduce((h, _, i) => (i < VIEWPORT_ROWS ? h + heightOf(i) : h), 0),
  );

  return (
    // biome-ignore lint/a11y/useSemanticElements: react-window needs div rows, so the table is an ARIA grid of divs
    <div
      ref={grid}
      role="grid"
      aria-label={t('results.label')}
      aria-rowcount={events.length + 1}
      className="search-grid"
    >
      {/* biome-ignore lint/a11y/useSemanticElements: the header row of a virtualised div grid */}
      <div role="row" tabIndex={-1} aria-rowindex={1} className="search-row search-row--head">
        {/* biome-ignore lint/a11y/useSemanticElements: header cells of a virtualised div grid */}
        <span role="columnheader" tabIndex={-1} className="search-cell search-cell--time">
          {t('columns.time')}
        </span>
        {columns.map((column) => (
          // biome-ignore lint/a11y/useSemanticElements: header cells of a virtualised div grid
          <span
            key={column}
            role="columnheader"
            tabIndex={-1}
            className={`search-cell search-cell--${column}`}
          >
            {t(`columns.${column}`)}
          </span>
        ))}
      </div>
      <List
        listRef={listRef}
        role="rowgroup"
        rowComponent={ResultRow}
        rowCount={events.length}
        rowHeight={heightOf}
        rowProps={rowProps}
        rowKey={(index) => events[index]?.id ?? index}
        defaultHeight={height}
        overscanCount={8}
        style={{ height: Math.max(height, ROW) }}
        onRowsRendered={({ stopIndex }) => {
          if (stopIndex >= events.length - 5) onNearEnd();
        }}
      />
    </div>
  );
}
