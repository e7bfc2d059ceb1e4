import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { asLoaded, type Loaded } from '../../api/loaded.ts';
import {
  listReportRuns,
  listReportSchedules,
  listReports,
  type Report,
  type ReportRun,
  type ReportSchedule,
} from './api.ts';

/** A report with what the list shows beside it: its schedules and its latest run. */
export interface ReportRow extends Report {
  schedules: ReportSchedule[];
  lastRun: ReportRun | null;
}

/**
 * The reports list's rows: the reports, joined in the browser with the schedules and the
 * delivery log (newest first) the caller may see. The reports' state is the list's; a schedule
 * or log that fails to load leaves those columns empty rather than hiding the reports.
 */
export function useReportRows(): Loaded<ReportRow[]> {
  const reports = asLoaded(useQuery(listReports()));
  const schedules = useQuery(listReportSchedules([]));
  const runs = useQuery(listReportRuns());
  const rows = useMemo((): ReportRow[] | null => {
    if (!reports.data) return null;
    const tasks = schedules.data ?? [];
    const log = runs.data ?? [];
    return reports.data.map((report) => ({
      ...report,
      schedules: tasks.filter((s) => s.report_id === report.id),
      lastRun: log.find((r) => r.report_id === report.id) ?? null,
    }));
  }, [reports.data, schedules.data, runs.data]);
  return { ...reports, data: rows };
}
