import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ListColumn, ListGrid, type ListRowDetail, useList } from '../../components/list/index.ts';
import type { LogEvent } from './api.ts';
import type { Column } from './search-model.ts';

const RAW_LINE = 16;
const RAW_MAX = 320;

const rawText = (event: LogEvent) => JSON.stringify(event.raw, null, 2);
/** The raw event's height: its lines, up to RAW_MAX (the rest scrolls inside it). */
const rawHeight = (event: LogEvent) => Math.min(RAW_MAX, rawText(event).split('\n').length * RAW_LINE + 16);
const rawId = (event: LogEvent) => `raw-${event.id}`;
const shownTime = (time: string) => new Date(time).toISOString().replace('T', ' ').slice(0, 23);
const cellText = (event: LogEvent, column: Column) => {
  const value = event[column];
  return value === null || value === undefined ? '' : String(value);
};
const eventId = (event: LogEvent) => event.id;

export interface ResultsTableProps {
  events: readonly LogEvent[];
  columns: readonly Column[];
  expanded: ReadonlySet<string>;
  onToggle(id: string): void;
  /** Near the end of the loaded rows: load the next page. */
  onNearEnd(): void;
}

/**
 * The events as a kit grid (react-window draws only the rows in view): the time, which shows or
 * hides the raw event under the row, then the chosen columns. The grid is one Tab stop (its
 * focused row), so Tab goes on past two hundred events. j/k move between rows, Enter opens
 * the raw event; scrolling near the last event loaded reads the next page.
 */
export function ResultsTable({ events, columns, expanded, onToggle, onNearEnd }: ResultsTableProps) {
  const { t } = useTranslation('search');
  const list = useList({ rows: events, rowId: eventId, onOpen: (event) => onToggle(event.id) });

  const gridColumns = useMemo((): ListColumn<LogEvent>[] => {
    const time: ListColumn<LogEvent> = {
      key: 'time',
      label: t('columns.time'),
      width: '14.5rem',
      text: (event) => shownTime(event.time),
      render: (event) => {
        const open = expanded.has(event.id);
        return (
          <button
            type="button"
            className="search-expand"
            data-list-name=""
            tabIndex={-1}
            aria-expanded={open}
            aria-controls={open ? rawId(event) : undefined}
            aria-label={t('results.expand', { time: shownTime(event.time) })}
            onClick={() => onToggle(event.id)}
          >
            <span aria-hidden="true">{open ? '▾' : '▸'}</span> {shownTime(event.time)}
          </button>
        );
      },
    };
    return [
      time,
      ...columns.map(
        (column): ListColumn<LogEvent> => ({
          key: column,
          label: t(`columns.${column}`),
          width: column === 'message' ? 'minmax(16rem, 3fr)' : 'minmax(8rem, 1fr)',
          text: (event) => cellText(event, column),
        }),
      ),
    ];
  }, [columns, expanded, onToggle, t]);

  const detail = useMemo(
    (): ListRowDetail<LogEvent> => ({
      open: (event) => expanded.has(event.id),
      height: rawHeight,
      render: (event) => (
        <pre id={rawId(event)} className="search-raw" style={{ maxHeight: RAW_MAX - 8 }}>
          {rawText(event)}
        </pre>
      ),
    }),
    [expanded],
  );

  return (
    <ListGrid
      label={t('results.label')}
      columns={gridColumns}
      rows={events}
      list={list}
      detail={detail}
      onNearEnd={onNearEnd}
    />
  );
}
