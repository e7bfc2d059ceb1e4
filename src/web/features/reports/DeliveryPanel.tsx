import { useQuery } from '@tanstack/react-query';
import { type RefObject, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { asLoaded } from '../../api/loaded.ts';
import { useInvalidatePaths } from '../../api/query.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { TimeText, useFormatTimestamp } from '../../components/Timestamp.tsx';
import { useCan } from '../../session/use-can.ts';
import { useShellData, useToasts } from '../../shell/index.ts';
import {
  deleteReportSchedule,
  listReportAzureGroups,
  listReportSchedules,
  REPORTS_AREA,
  type Report,
  type ReportSchedule,
} from './api.ts';
import { RunLog } from './RunLog.tsx';
import { ScheduleForm } from './ScheduleForm.tsx';
import { SendNowForm } from './SendNowForm.tsx';

export interface DeliveryPanelProps {
  report: Report;
  sendRef: RefObject<HTMLElement | null>;
  scheduleRef: RefObject<HTMLElement | null>;
}

/**
 * Where the report goes (spec 2, section 7): its schedules per customer (monthly or weekly, to
 * recipients), send now, and the delivery log with each run's attempts and error.
 */
export function DeliveryPanel({ report, sendRef, scheduleRef }: DeliveryPanelProps) {
  const { t } = useTranslation('reports');
  const { t: common } = useTranslation();
  const { notify } = useToasts();
  const can = useCan();
  const formatTime = useFormatTimestamp();
  const invalidate = useInvalidatePaths();
  const { customers } = useShellData();
  const name = useMemo(() => {
    const names = new Map(customers.map((c) => [c.customer_id, c.name]));
    return (id: string) => names.get(id) ?? id;
  }, [customers]);
  const schedules = asLoaded(useQuery(listReportSchedules([])));
  const mine = (schedules.data ?? []).filter((s) => s.report_id === report.id);
  const groupName = useGroupNames(mine);
  const [stopping, setStopping] = useState<ReportSchedule | null>(null);
  const [busy, setBusy] = useState(false);

  async function stop(schedule: ReportSchedule) {
    setBusy(true);
    try {
      await deleteReportSchedule(schedule.customer_id, schedule.report_id);
      notify({
        severity: 'success',
        title: t('schedule.stopped', { customer: name(schedule.customer_id) }),
        message: report.name,
      });
      void invalidate(REPORTS_AREA);
    } catch {
      notify({ severity: 'danger', title: t('errors.stop'), message: common('tryAgainLater') });
    } finally {
      setBusy(false);
      setStopping(null);
    }
  }

  return (
    <div className="report-delivery">
      <section className="report-delivery__part" aria-labelledby="report-schedules-title">
        <h2 id="report-schedules-title">{t('schedule.title')}</h2>
        {schedules.status === 'error' ? (
          <p role="alert">{t('errors.schedules')}</p>
        ) : mine.length === 0 ? (
          <p className="empty">{t('schedule.none')}</p>
        ) : (
          <table className="table">
            <caption className="sr-only">{t('schedule.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('columns.customer')}</th>
                <th scope="col">{t('schedule.frequency')}</th>
                <th scope="col">{t('schedule.recipients')}</th>
                <th scope="col">{t('groups.column')}</th>
                <th scope="col">{t('schedule.next')}</th>
                <th scope="col">
                  <span className="sr-only">{t('columns.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {mine.map((s) => (
                <tr key={s.id}>
                  <td>{name(s.customer_id)}</td>
                  <td>
                    {t(`frequency.${s.frequency}`)} · {s.time_zone}
                  </td>
                  <td>{s.recipients.join(', ')}</td>
                  <td>
                    {s.selected_groups.length
                      ? s.selected_groups.map((id) => groupName(s.customer_id, id)).join(', ')
                      : t('groups.all')}
                  </td>
                  <td>
                    <TimeText iso={s.next_run_at} format={formatTime} />
                  </td>
                  <td>
                    {can('deleteReportSchedule') && (
                      <button
                        type="button"
                        className="button button--small"
                        aria-label={t('schedule.stopNamed', { customer: name(s.customer_id) })}
                        onClick={() => setStopping(s)}
                      >
                        {t('schedule.stop')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {can('scheduleReport') && <ScheduleForm ref={scheduleRef} report={report} />}
      </section>
      {can('sendReport') && (
        <section className="report-delivery__part" aria-labelledby="report-send-title">
          <h2 id="report-send-title">{t('send.title')}</h2>
          <SendNowForm ref={sendRef} report={report} />
        </section>
      )}
      <RunLog reportId={report.id} customerName={name} />
      {stopping && (
        <ConfirmDialog
          title={t('schedule.stopTitle')}
          confirmLabel={t('schedule.stopConfirm')}
          danger
          busy={busy}
          onCancel={() => setStopping(null)}
          onConfirm={() => stop(stopping)}
        >
          <p>{t('schedule.stopBody', { customer: name(stopping.customer_id), report: report.name })}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

/**
 * A schedule's Azure groups by name, read from the customers' Microsoft tenants only when one of
 * the schedules narrows to groups; a group the tenant no longer lists shows as its id.
 */
function useGroupNames(schedules: readonly ReportSchedule[]) {
  const customerIds = [
    ...new Set(schedules.filter((s) => s.selected_groups.length).map((s) => s.customer_id)),
  ];
  const groups = useQuery({ ...listReportAzureGroups(customerIds), enabled: customerIds.length > 0 });
  return useMemo(() => {
    const names = new Map((groups.data?.groups ?? []).map((g) => [`${g.customer_id} ${g.id}`, g.name]));
    return (customerId: string, id: string) => names.get(`${customerId} ${id}`) ?? id;
  }, [groups.data]);
}
