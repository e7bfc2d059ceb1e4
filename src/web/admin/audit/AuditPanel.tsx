import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { asLoaded } from '../../api/loaded.ts';
import {
  type ListColumn,
  ListNameButton,
  ListScreen,
  useList,
  useListControls,
} from '../../components/list/index.ts';
import { TimeText, useFormatTimestamp } from '../../components/Timestamp.tsx';
import { downloadCsv } from '../../lib/csv.ts';
import { useShellData } from '../../shell/index.ts';
import {
  type AuditEntry,
  exportAuditLog,
  type AuditFilters as Filters,
  listAuditKinds,
  listAuditLog,
} from '../api.ts';
import { loadLabels } from '../load-labels.ts';
import { useContactSearch } from '../use-contact-search.ts';
import { AuditDetails } from './AuditDetails.tsx';
import { AuditFilters } from './AuditFilters.tsx';

const idOf = (entry: AuditEntry) => entry.id;
/** Who acted: the administrator behind an impersonation, else the user. */
const actingPerson = (e: AuditEntry) => e.impersonator ?? e.actor;

/**
 * The audit log tab: every change of the organisation, newest first, a page at a time by the
 * server's cursor (the API sorts no other way, so no column sorts); filters, j/k/Enter/Esc, and
 * the filtered log as CSV.
 */
export function AuditPanel() {
  const { t } = useTranslation('admin');
  const formatTime = useFormatTimestamp();
  const [filters, setFilters] = useState<Filters>({});
  const controls = useListControls();
  const load = asLoaded(useQuery(listAuditLog(filters, { size: controls.pageSize, after: controls.after })));
  const rows = load.data?.items ?? [];
  const kinds = useQuery(listAuditKinds());
  const people = useContactSearch('');
  const { customers } = useShellData();
  const [openId, setOpenId] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const open = rows.find((e) => e.id === openId) ?? null;

  const columns = useMemo((): ListColumn<AuditEntry>[] => {
    const change = (e: AuditEntry) => `${e.action} · ${e.entity}${e.entity_id ? ` ${e.entity_id}` : ''}`;
    return [
      {
        key: 'time',
        label: t('audit.columns.time'),
        width: 'minmax(11rem, 1fr)',
        text: (e) => formatTime(e.at),
        render: (e) => (
          <ListNameButton expanded={openId === e.id} onClick={() => setOpenId(e.id)}>
            <TimeText iso={e.at} format={formatTime} />
          </ListNameButton>
        ),
      },
      {
        key: 'person',
        label: t('audit.columns.person'),
        width: 'minmax(9rem, 1fr)',
        text: (e) => actingPerson(e)?.name ?? t('audit.system'),
      },
      {
        key: 'onBehalfOf',
        label: t('audit.columns.onBehalfOf'),
        width: 'minmax(9rem, 1fr)',
        text: (e) => (e.impersonator ? (e.actor?.name ?? '') : ''),
      },
      {
        key: 'customer',
        label: t('audit.columns.customer'),
        width: 'minmax(9rem, 1fr)',
        text: (e) => e.customer?.name ?? '',
      },
      { key: 'change', label: t('audit.columns.change'), width: 'minmax(14rem, 2fr)', text: change },
    ];
  }, [t, formatTime, openId]);
  const list = useList({
    rows,
    rowId: idOf,
    onOpen: (e) => setOpenId(e.id),
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

  return (
    <ListScreen
      className="admin-list"
      count={load.status === 'ready' ? t('shown', { count: rows.length }) : undefined}
      actions={
        <button type="button" className="button" disabled={exporting} onClick={() => void exportCsv()}>
          {exporting ? t('audit.exporting') : t('audit.export')}
        </button>
      }
      filters={
        <AuditFilters
          filters={filters}
          people={people.contacts.map((c) => ({ value: c.contact_id, label: c.name || c.email }))}
          customers={customers.map((c) => ({ value: c.customer_id, label: c.name }))}
          kinds={kinds.data ?? []}
          onChange={(next) => {
            setOpenId(null);
            setFilters(next);
            controls.restart();
          }}
        />
      }
      before={
        exportError && (
          <p className="notice notice--danger" role="alert">
            {t('audit.exportFailed', { reason: exportError })}
          </p>
        )
      }
      label={t('audit.label')}
      columns={columns}
      rows={rows}
      list={list}
      controls={controls}
      paging={{ kind: 'keyset', next: load.data?.next ?? null }}
      load={load}
      labels={loadLabels(t, 'audit')}
      aside={open && <AuditDetails entry={open} onClose={() => setOpenId(null)} />}
    />
  );
}
