import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { List, useListRef } from 'react-window';
import { GridHeaderRow } from '../../components/table/GridHeaderRow.tsx';
import { LoadedContent } from '../../components/table/LoadedContent.tsx';
import { useLoad } from '../../components/use-load.ts';
import { useRowCursor } from '../../components/use-row-cursor.ts';
import { useListKeys } from '../../keyboard/use-list-keys.ts';
import { downloadCsv } from '../../lib/csv.ts';
import { useIsActivePage, useShellData } from '../../shell/index.ts';
import {
  type AuditEntry,
  exportAuditLog,
  type AuditFilters as Filters,
  listAuditKinds,
  listAuditLog,
} from '../api.ts';
import { loadLabels } from '../load-labels.ts';
import { useContactSearch } from '../use-contact-search.ts';
import { useKeysetPages } from '../use-keyset-pages.ts';
import { AuditDetails } from './AuditDetails.tsx';
import { AuditFilters } from './AuditFilters.tsx';
import { AuditRow, type AuditRowProps } from './AuditRow.tsx';

const ROW_HEIGHT = 40;
const MAX_HEIGHT = 440;
const COLUMNS = ['time', 'person', 'onBehalfOf', 'customer', 'change'] as const;

/**
 * The audit log tab: every change of the organisation, newest first, in a virtual list paged by
 * keyset as it scrolls; filters, j/k/Enter/Esc, and the filtered log as CSV.
 */
export function AuditPanel() {
  const { t } = useTranslation('admin');
  const [filters, setFilters] = useState<Filters>({});
  const log = useKeysetPages(JSON.stringify(filters), (after) => listAuditLog(filters, after));
  const kinds = useLoad('kinds', listAuditKinds);
  const people = useContactSearch('');
  const { customers } = useShellData();
  const [openId, setOpenId] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const active = useIsActivePage();
  const listRef = useListRef(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const { cursor, setCursor, focusRow } = useRowCursor(gridRef, { list: listRef, focusSelector: 'button' });
  const open = log.items.find((e) => e.id === openId) ?? null;

  const rowProps = useMemo<AuditRowProps>(
    () => ({ entries: log.items, openId, onOpen: (e: AuditEntry) => setOpenId(e.id), onFocusRow: setCursor }),
    [log.items, openId, setCursor],
  );
  useListKeys({
    enabled: active,
    count: log.items.length,
    focused: cursor !== null && cursor < log.items.length ? cursor : null,
    setFocused: focusRow,
    onEdge: (step) => {
      if (step === 1 && log.hasMore) log.loadMore();
      return false;
    },
    onOpen: (index) => {
      const entry = log.items[index];
      if (entry) setOpenId(entry.id);
    },
    onBack: () => {
      if (openId === null) return false;
      setOpenId(null);
      return true;
    },
  });

  async function exportCsv() {
    setExporting(true);
    setExportError(null);
    try {
      downloadCsv(await exportAuditLog(filters), 'audit-log.csv');
    } catch (error) {
      setExportError(error instanceof Error ? error.message : String(error));
    } finally {
      setExporting(false);
    }
  }

  const height = Math.min(MAX_HEIGHT, Math.max(log.items.length, 1) * ROW_HEIGHT);
  return (
    <>
      <div className="admin-panel__bar">
        <AuditFilters
          filters={filters}
          people={people.contacts.map((c) => ({ value: c.contact_id, label: c.name || c.email }))}
          customers={customers.map((c) => ({ value: c.customer_id, label: c.name }))}
          kinds={kinds.data ?? []}
          onChange={(next) => {
            setOpenId(null);
            setCursor(null);
            setFilters(next);
          }}
        />
        <button type="button" className="button" disabled={exporting} onClick={() => void exportCsv()}>
          {exporting ? t('audit.exporting') : t('audit.export')}
        </button>
      </div>
      {exportError && (
        <p className="notice notice--danger" role="alert">
          {t('audit.exportFailed', { reason: exportError })}
        </p>
      )}
      <div className="two-panes">
        <LoadedContent load={log} empty={log.items.length === 0} labels={loadLabels(t, 'audit')}>
          {/* biome-ignore lint/a11y/useSemanticElements: react-window needs div rows, so the table is an ARIA grid of divs */}
          <div
            ref={gridRef}
            role="grid"
            aria-label={t('audit.label')}
            aria-rowcount={log.items.length + 1}
            className="audit-grid"
          >
            <GridHeaderRow
              className="audit-row audit-row--header"
              labels={COLUMNS.map((c) => t(`audit.columns.${c}`))}
            />
            <List
              role="rowgroup"
              listRef={listRef}
              rowComponent={AuditRow}
              rowCount={log.items.length}
              rowHeight={ROW_HEIGHT}
              rowProps={rowProps}
              defaultHeight={height}
              style={{ height }}
              onRowsRendered={({ stopIndex }) => {
                if (log.hasMore && stopIndex >= log.items.length - 5) log.loadMore();
              }}
            />
          </div>
          {log.hasMore && (
            <button type="button" className="button admin-more" onClick={log.loadMore}>
              {t('more')}
            </button>
          )}
        </LoadedContent>
        {open && <AuditDetails entry={open} onClose={() => setOpenId(null)} />}
      </div>
    </>
  );
}
