import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { List, useListRef } from 'react-window';
import { Spinner } from '../../components/Spinner.tsx';
import { useShallowMemo } from '../../components/use-shallow-memo.ts';
import type { CaseSummary } from './api.ts';
import { CaseRow, type CaseRowProps } from './CaseRow.tsx';
import { PlaceholderRows } from './PlaceholderRows.tsx';

/** Fixed row height: react-window then places any number of rows without measuring them. */
export const ROW_HEIGHT = 40;
/** The list's height when it holds more rows than fit; it scrolls inside beyond that. */
const VIEWPORT_ROWS = 15;
/** The checkbox and the eight columns. */
const COLUMNS = 9;

export interface CaseTableProps extends Omit<CaseRowProps, 'cases' | 'focusClaim'> {
  cases: readonly CaseSummary[];
  loading: boolean;
}

/**
 * The cases as an ARIA grid of divs whose rows are a react-window List (fixed row height), so a
 * long list of cases loaded page after page scrolls without drawing every row. While the first
 * page loads it shows ten placeholder rows; the focused row is scrolled into view.
 */
export function CaseTable({ loading, ...rows }: CaseTableProps) {
  const { t } = useTranslation('cases');
  const { cases, focusedIndex, focusRequest } = rows;
  const listRef = useListRef(null);
  const focusClaim = useRef({ handled: 0 }).current;

  // biome-ignore lint/correctness/useExhaustiveDependencies: every keyboard move scrolls, also back to the same row
  useEffect(() => {
    if (focusedIndex !== null && focusedIndex < cases.length) {
      listRef.current?.scrollToRow({ index: focusedIndex, align: 'auto' });
    }
  }, [focusedIndex, focusRequest, cases.length, listRef]);

  // Stable, so a render of the page does not redraw every row (react-window compares rowProps).
  const rowProps = useShallowMemo<CaseRowProps>({ ...rows, focusClaim });
  const height = Math.min(cases.length, VIEWPORT_ROWS) * ROW_HEIGHT;
  const showRows = !loading && cases.length > 0;

  return (
    // biome-ignore lint/a11y/useSemanticElements: react-window needs div rows, so the table is an ARIA grid of divs
    <div
      role="grid"
      aria-label={t('list.caption')}
      aria-rowcount={(showRows ? cases.length : 0) + 1}
      aria-multiselectable="true"
      aria-busy={loading}
      className="case-grid"
    >
      {/* biome-ignore lint/a11y/useSemanticElements: the header row of a virtualised div grid */}
      <div role="row" tabIndex={-1} aria-rowindex={1} className="case-row case-row--header">
        {/* biome-ignore lint/a11y/useSemanticElements: a header cell of a div grid */}
        <span role="columnheader" tabIndex={-1} className="case-cell case-cell--check">
          <span className="sr-only">{t('columns.select')}</span>
        </span>
        {(
          [
            ['title', t('columns.title')],
            ['customer', t('columns.customer')],
            ['status', t('columns.status')],
            ['risk', t('columns.risk')],
            ['tags', t('columns.tags')],
            ['assignees', t('columns.assignees')],
            ['count', t('columns.alerts')],
            ['updated', t('columns.updated')],
          ] as const
        ).map(([key, label]) => (
          // biome-ignore lint/a11y/useSemanticElements: a header cell of a div grid
          <span key={key} role="columnheader" tabIndex={-1} className={`case-cell case-cell--${key}`}>
            {label}
          </span>
        ))}
      </div>
      {loading && <PlaceholderRows columns={COLUMNS} />}
      {loading && <Spinner label={t('list.loading')} className="sr-only" />}
      {showRows && (
        <List
          listRef={listRef}
          role="rowgroup"
          className="case-list"
          rowComponent={CaseRow}
          rowCount={cases.length}
          rowHeight={ROW_HEIGHT}
          rowProps={rowProps}
          rowKey={(index) => cases[index]?.id ?? index}
          defaultHeight={height}
          overscanCount={6}
          style={{ height }}
        />
      )}
    </div>
  );
}
