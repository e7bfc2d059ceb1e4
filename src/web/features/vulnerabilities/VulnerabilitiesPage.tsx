import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../../app/screen-props.ts';
import { DataTable, LoadedContent } from '../../components/table/LoadedContent.tsx';
import { useLoad } from '../../components/use-load.ts';
import { useRowCursor } from '../../components/use-row-cursor.ts';
import { useListKeys } from '../../keyboard/use-list-keys.ts';
import { useSession } from '../../session/use-session.ts';
import { useIsActivePage, useSelectedCustomers, useShellData } from '../../shell/index.ts';
import { InvalidVulnerabilitiesResponse, listVulnerabilities, type Vulnerability } from './api.ts';
import { osNameOf } from './os-name.ts';
import { VulnerabilityDrill } from './VulnerabilityDrill.tsx';
import './vulnerabilities.css';

const rowKey = (row: Vulnerability) => `${row.customer_id}/${row.os.platform}`;

/**
 * /vulnerabilities (spec 2, section 7): per customer and OS, what the agents reported. j/k move
 * between rows, Enter opens the row's findings and the agents affected, Esc closes them.
 */
export function VulnerabilitiesPage(_: ScreenProps) {
  const { t } = useTranslation('vulnerabilities');
  const session = useSession();
  const active = useIsActivePage();
  const { selected: customerIds } = useSelectedCustomers();
  const { customers } = useShellData();
  const key = session.status === 'ready' ? customerIds.join(',') : null;
  const report = useLoad(key, () => listVulnerabilities(customerIds));
  const rows = report.data ?? [];
  const [openKey, setOpenKey] = useState<string | null>(null);
  const tableRef = useRef<HTMLTableSectionElement>(null);
  const { cursor, setCursor, focusRow } = useRowCursor(tableRef);

  const customerName = useCallback(
    (id: string) => customers.find((c) => c.customer_id === id)?.name ?? id,
    [customers],
  );
  // A new report (another customer filter) starts over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the report is read again
  useEffect(() => {
    setCursor(null);
    setOpenKey(null);
  }, [key]);

  const open = rows.find((r) => rowKey(r) === openKey) ?? null;
  useListKeys({
    enabled: active,
    count: rows.length,
    focused: cursor !== null && cursor < rows.length ? cursor : null,
    setFocused: focusRow,
    onOpen: (index) => {
      const row = rows[index];
      if (row) setOpenKey(rowKey(row));
    },
    onBack: () => {
      if (openKey === null) return false;
      setOpenKey(null);
      if (cursor !== null) focusRow(cursor);
      return true;
    },
  });

  return (
    <div className="page-body vulnerabilities-page">
      <header className="page-header">
        <div>
          <h1>{t('title')}</h1>
          <p className="muted">{t('summary')}</p>
          <p className="muted">{t('keysHint')}</p>
        </div>
      </header>
      <LoadedContent
        load={report}
        empty={rows.length === 0}
        labels={{
          empty: t('empty'),
          loadFailed:
            report.error instanceof InvalidVulnerabilitiesResponse ? t('invalidResponse') : t('loadFailed'),
          retry: t('retry'),
        }}
      >
        <DataTable
          className="table vulnerabilities-table"
          caption={t('title')}
          bodyRef={tableRef}
          columns={[
            t('columns.customer'),
            t('columns.platform'),
            t('columns.patches'),
            t('columns.applications'),
            t('columns.os'),
            t('columns.vulnerable'),
            t('columns.agents'),
          ]}
        >
          {rows.map((row, index) => (
            <tr
              key={rowKey(row)}
              data-row-index={index}
              tabIndex={index === (cursor ?? 0) ? 0 : -1}
              className={rowKey(row) === openKey ? 'vulnerabilities-table__open' : undefined}
              onFocus={() => setCursor(index)}
              onClick={() => setOpenKey(rowKey(row))}
            >
              <th scope="row">{customerName(row.customer_id)}</th>
              <td>{osNameOf(row.os.platform)}</td>
              <td className="numeric">{row.patches.length}</td>
              <td className="numeric">{row.applications.length}</td>
              <td className="numeric">{row.standalone_os_vulnerabilities.length}</td>
              <td className="numeric">{row.vulnerable_count}</td>
              <td className="numeric">{row.agent_count}</td>
            </tr>
          ))}
        </DataTable>
      </LoadedContent>
      {open && (
        <VulnerabilityDrill
          key={rowKey(open)}
          row={open}
          customerName={customerName(open.customer_id)}
          osName={osNameOf(open.os.platform)}
          onClose={() => {
            setOpenKey(null);
            if (cursor !== null) focusRow(cursor);
          }}
        />
      )}
    </div>
  );
}
