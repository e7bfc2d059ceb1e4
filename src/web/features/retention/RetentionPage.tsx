import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../../app/screen-props.ts';
import { DataTable, LoadedContent } from '../../components/table/LoadedContent.tsx';
import { useLoad } from '../../components/use-load.ts';
import { useRowCursor } from '../../components/use-row-cursor.ts';
import { useListKeys } from '../../keyboard/use-list-keys.ts';
import { useCan } from '../../session/use-can.ts';
import { useSession } from '../../session/use-session.ts';
import { useIsActivePage, useSelectedCustomers, useShellData } from '../../shell/index.ts';
import { getRetention, SPANS, type Span } from './api.ts';
import { CustomerUsage } from './CustomerUsage.tsx';
import { formatBytes } from './usage-model.ts';
import './retention.css';

/**
 * /log-retention (spec 2, section 2): per customer of the filter, the days its logs are kept and
 * what is stored now; j/k move between customers, Enter opens one (by type, usage over time and,
 * for staff, the retention form), Esc closes it. One customer in the filter opens at once.
 */
export function RetentionPage(_: ScreenProps) {
  const { t, i18n } = useTranslation('retention');
  const session = useSession();
  const active = useIsActivePage();
  const spanId = useId();
  const { selected: customerIds } = useSelectedCustomers();
  const { customers } = useShellData();
  const [span, setSpan] = useState<Span>(90);
  const key = session.status === 'ready' ? `${customerIds.join(',')}|${span}` : null;
  const report = useLoad(key, () => getRetention(customerIds, span));
  const rows = report.data ?? [];
  const [openId, setOpenId] = useState<string | null>(null);
  const [asTable, setAsTable] = useState(false);
  const tableRef = useRef<HTMLTableSectionElement>(null);
  const { cursor, setCursor, focusRow } = useRowCursor(tableRef);
  const canChange = useCan()('setLogRetention');

  const nameOf = useCallback(
    (id: string) => customers.find((c) => c.customer_id === id)?.name ?? id,
    [customers],
  );
  // Another customer filter starts over; a filter of one customer opens it.
  const only = rows.length === 1 ? rows[0]!.customer_id : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the filter changes, not the span
  useEffect(() => {
    setCursor(null);
    setOpenId(null);
  }, [customerIds.join(',')]);
  useEffect(() => {
    if (only) setOpenId(only);
  }, [only]);

  const open = rows.find((r) => r.customer_id === openId) ?? null;
  useListKeys({
    enabled: active,
    count: rows.length,
    focused: cursor !== null && cursor < rows.length ? cursor : null,
    setFocused: focusRow,
    onOpen: (index) => {
      const row = rows[index];
      if (row) setOpenId(row.customer_id);
    },
    onBack: () => {
      if (openId === null || rows.length === 1) return false;
      setOpenId(null);
      if (cursor !== null) focusRow(cursor);
      return true;
    },
  });

  const number = new Intl.NumberFormat(i18n.language);
  return (
    <div className="page-body retention-page">
      <header className="page-header">
        <div>
          <h1>{t('title')}</h1>
          <p className="muted">{t('summary')}</p>
          <p className="muted">{t('keysHint')}</p>
        </div>
        <div className="field retention-span">
          <label htmlFor={spanId} className="field__label">
            {t('span.label')}
          </label>
          <select
            id={spanId}
            className="input"
            value={span}
            onChange={(event) => setSpan(Number(event.target.value) as Span)}
          >
            {SPANS.map((days) => (
              <option key={days} value={days}>
                {t('span.days', { count: days })}
              </option>
            ))}
          </select>
        </div>
      </header>
      <LoadedContent
        load={report}
        empty={rows.length === 0}
        labels={{ empty: t('empty'), loadFailed: t('loadFailed'), retry: t('retry'), loading: t('loading') }}
      >
        <DataTable
          className="table retention-table"
          caption={t('title')}
          bodyRef={tableRef}
          columns={[t('columns.customer'), t('columns.retention'), t('columns.events'), t('columns.bytes')]}
        >
          {rows.map((row, index) => (
            <tr
              key={row.customer_id}
              data-row-index={index}
              tabIndex={index === (cursor ?? 0) ? 0 : -1}
              aria-current={row.customer_id === openId ? 'true' : undefined}
              className={row.customer_id === openId ? 'retention-table__open' : undefined}
              onFocus={() => setCursor(index)}
              onClick={() => setOpenId(row.customer_id)}
            >
              <th scope="row">{nameOf(row.customer_id)}</th>
              <td className="numeric">{t('columns.days', { count: row.retention_days })}</td>
              <td className="numeric">{number.format(row.stored.events)}</td>
              <td className="numeric">{formatBytes(row.stored.bytes, i18n.language)}</td>
            </tr>
          ))}
        </DataTable>
      </LoadedContent>
      {open && (
        <CustomerUsage
          key={open.customer_id}
          figures={open}
          name={nameOf(open.customer_id)}
          canChange={canChange}
          asTable={asTable}
          onToggleTable={() => setAsTable((v) => !v)}
          onSaved={report.reload}
          onClose={() => {
            setOpenId(null);
            if (cursor !== null) focusRow(cursor);
          }}
        />
      )}
    </div>
  );
}
