import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useInvalidatePaths } from '../../api/query.ts';
import type { ScreenProps } from '../../app/screen-props.ts';
import { listSelection } from '../../commands/target.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import {
  type ListColumn,
  ListLink,
  ListScreen,
  useClientRows,
  useList,
  useListControls,
  useListScreenTexts,
} from '../../components/list/index.ts';
import { TimeText, useFormatTimestamp } from '../../components/Timestamp.tsx';
import { useCan } from '../../session/use-can.ts';
import { useSelectedCustomers, useShellData, useToasts } from '../../shell/index.ts';
import { deleteReport, REPORTS_AREA } from './api.ts';
import { BrandingDialog } from './BrandingDialog.tsx';
import type { ReportsCommandTarget } from './command-target.ts';
import { NewReportDialog } from './NewReportDialog.tsx';
import './reports.css';
import { type ReportRow, useReportRows } from './use-report-rows.ts';

const idOf = (report: ReportRow) => report.id;
const dataOf = (report: ReportRow) => ({ report: report.name });

/**
 * /reports (spec 2, section 2 "Reports and builder"): every report the user may see, with its
 * scope, customer, schedules and last run; new (n), open (Enter), delete asking first, and the
 * branding of the provider or a customer.
 */
export function ReportsPage(_: ScreenProps) {
  const { t } = useTranslation('reports');
  const { t: common } = useTranslation();
  const { notify } = useToasts();
  const [, navigate] = useLocation();
  const { customers } = useShellData();
  const { selected } = useSelectedCustomers();
  const can = useCan();
  const formatTime = useFormatTimestamp();
  const controls = useListControls();
  const load = useReportRows();
  const invalidate = useInvalidatePaths();
  const [creating, setCreating] = useState(false);
  const [branding, setBranding] = useState(false);
  const [deleting, setDeleting] = useState<ReportRow | null>(null);
  const [busy, setBusy] = useState(false);
  const customerName = useMemo(() => {
    const names = new Map(customers.map((c) => [c.customer_id, c.name]));
    return (id: string | null) => (id ? (names.get(id) ?? id) : '–');
  }, [customers]);
  const columns = useMemo(
    (): ListColumn<ReportRow>[] => [
      {
        key: 'name',
        label: t('columns.name'),
        width: 'minmax(12rem, 2fr)',
        sortable: true,
        text: (r) => r.name,
        render: (r) => <ListLink href={`/reports/${r.id}`}>{r.name}</ListLink>,
      },
      {
        key: 'scope',
        label: t('columns.scope'),
        width: '8rem',
        sortable: true,
        text: (r) => t(`scope.${r.scope}`),
      },
      {
        key: 'customer',
        label: t('columns.customer'),
        width: 'minmax(10rem, 1.5fr)',
        sortable: true,
        text: (r) => customerName(r.customer_id),
      },
      {
        key: 'schedule',
        label: t('columns.schedule'),
        width: 'minmax(9rem, 1fr)',
        sortable: true,
        text: (r) =>
          r.schedules.length === 0
            ? t('list.notScheduled')
            : r.schedules
                .map((s) => `${t(`frequency.${s.frequency}`)} · ${customerName(s.customer_id)}`)
                .join(', '),
      },
      {
        key: 'lastRun',
        label: t('columns.lastRun'),
        width: 'minmax(12rem, 1.2fr)',
        sortable: true,
        value: (r) => (r.lastRun ? Date.parse(r.lastRun.created_at) : null),
        text: (r) =>
          r.lastRun
            ? `${formatTime(r.lastRun.created_at)} · ${t(`runStatus.${r.lastRun.status}`)}`
            : t('list.neverRun'),
        render: (r) =>
          r.lastRun ? (
            <span>
              <TimeText iso={r.lastRun.created_at} format={formatTime} />
              {' · '}
              <span className={`report-run report-run--${r.lastRun.status}`}>
                {t(`runStatus.${r.lastRun.status}`)}
              </span>
            </span>
          ) : (
            t('list.neverRun')
          ),
      },
      ...(can('deleteReport')
        ? [
            {
              key: 'actions',
              label: t('columns.actions'),
              width: '7rem',
              render: (r: ReportRow) =>
                r.mine && (
                  <button
                    type="button"
                    className="button button--small"
                    aria-label={t('delete.named', { name: r.name })}
                    onClick={() => setDeleting(r)}
                  >
                    {t('delete.short')}
                  </button>
                ),
            },
          ]
        : []),
    ],
    [t, can, customerName, formatTime],
  );
  // A report for no customer (private, global) stays listed whichever customers are selected.
  const { pageRows, total } = useClientRows(load.data ?? [], columns, controls, {
    customersOf: (r) => r.customer_id ?? selected,
  });
  const list = useList({
    rows: pageRows,
    rowId: idOf,
    enabled: !creating && !branding && deleting === null,
    onOpen: (r) => navigate(`/reports/${r.id}`),
    onNew: can('createReport') ? () => setCreating(true) : undefined,
    target: ({ ids, focused }): ReportsCommandTarget => ({
      kind: 'reports',
      ...listSelection(new Set(ids), focused, pageRows),
      canChange: true,
      refresh: load.reload,
    }),
  });

  async function remove(report: ReportRow) {
    setBusy(true);
    try {
      await deleteReport(report.id);
      notify({ severity: 'success', title: t('delete.done', { name: report.name }), message: '' });
      void invalidate(REPORTS_AREA);
    } catch {
      notify({ severity: 'danger', title: t('errors.delete'), message: common('tryAgainLater') });
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  }

  const texts = useListScreenTexts('reports', load, total);
  return (
    <ListScreen
      className="reports-page"
      {...texts}
      actions={
        <>
          <button type="button" className="button" onClick={() => setBranding(true)}>
            {t('branding.open')}
          </button>
          {can('createReport') && (
            <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
              {t('new')}
            </button>
          )}
        </>
      }
      columns={columns}
      rows={pageRows}
      rowData={dataOf}
      list={list}
      controls={controls}
      paging={{ kind: 'numbered', total }}
      load={load}
    >
      {creating && (
        <NewReportDialog
          onClose={() => setCreating(false)}
          onCreated={(report) => {
            setCreating(false);
            void invalidate(REPORTS_AREA);
            navigate(`/reports/${report.id}`);
          }}
        />
      )}
      {branding && <BrandingDialog onClose={() => setBranding(false)} />}
      {deleting && (
        <ConfirmDialog
          title={t('delete.title')}
          confirmLabel={t('delete.confirm')}
          danger
          busy={busy}
          onCancel={() => setDeleting(null)}
          onConfirm={() => remove(deleting)}
        >
          <p>{t('delete.body', { name: deleting.name })}</p>
        </ConfirmDialog>
      )}
    </ListScreen>
  );
}
