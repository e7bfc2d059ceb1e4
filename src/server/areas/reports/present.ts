import type { Principal } from '../../auth/principal.ts';
import type { reportRuns, reportSchedules, reports } from '../../db/schema/index.ts';
import type { ReportComponent, ReportScope } from './document.ts';

type ReportRow = typeof reports.$inferSelect;
type ScheduleRow = typeof reportSchedules.$inferSelect;
type RunRow = Omit<typeof reportRuns.$inferSelect, 'pdf'> & { hasPdf: boolean };

export function presentReport(row: ReportRow, principal: Principal) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    scope: row.scope as ReportScope,
    customer_id: row.customerId,
    saved_search_id: row.savedSearchId,
    target: row.target as 'month' | 'week',
    start_date: row.startDate,
    end_date: row.endDate,
    retention_days: row.retentionDays,
    document: { components: row.document.components as ReportComponent[] },
    version: row.version,
    owner_id: row.ownerId,
    mine: row.ownerId === principal.user.contactId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentSchedule(row: ScheduleRow, reportName: string) {
  return {
    id: row.id,
    customer_id: row.customerId,
    report_id: row.reportId,
    report_name: reportName,
    frequency: row.frequency as 'monthly' | 'weekly',
    time_zone: row.timeZone,
    recipients: row.recipients,
    selected_groups: row.selectedGroups,
    next_run_at: row.nextRunAt.toISOString(),
    last_run_at: row.lastRunAt?.toISOString() ?? null,
  };
}

export function presentRun(row: RunRow) {
  return {
    id: row.id,
    customer_id: row.customerId,
    report_id: row.reportId,
    schedule_id: row.scheduleId,
    report_version: row.reportVersion,
    period_start: row.periodStart,
    period_end: row.periodEnd,
    recipients: row.recipients,
    selected_groups: row.selectedGroups,
    status: row.status as 'queued' | 'running' | 'sent' | 'failed',
    attempts: row.attempts,
    last_error: row.lastError,
    pdf_bytes: row.pdfBytes,
    pages: row.pages,
    expires_at: row.expiresAt?.toISOString() ?? null,
    has_pdf: row.hasPdf,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}
