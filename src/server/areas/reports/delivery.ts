import { and, desc, eq, getTableColumns, inArray, isNotNull, sql } from 'drizzle-orm';
import { isEmail } from '../../../common/patterns.ts';
import { audit } from '../../audit.ts';
import { reportRuns, reportSchedules, reports } from '../../db/schema/index.ts';
import { ApiError, type FieldIssue, notFound } from '../../errors.ts';
import type { Handler, ResultOf } from '../../platform/handler.ts';
import { requestedCustomers, requireVisibleCustomer } from '../../platform/scope.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';
import { deviceScopeForCaller, groupsPerCustomer } from './azure-scope.ts';
import { type Frequency, nextRunOf } from './cadence.ts';
import { customerTimeZone } from './customer-zone.ts';
import { visibleReport } from './handlers.ts';
import { periodOf } from './period.ts';
import { presentRun, presentSchedule } from './present.ts';
import { enqueueRun } from './runs.ts';

/** Recipients as typed, trimmed and de-duplicated; each must be an e-mail address. */
function checkedRecipients(recipients: readonly string[]): string[] {
  const issues: FieldIssue[] = [];
  const cleaned = recipients.map((r) => r.trim());
  cleaned.forEach((address, index) => {
    if (!isEmail(address)) issues.push({ field: `recipients[${index}]`, reason: 'is not an e-mail address' });
  });
  if (issues.length)
    throw new ApiError(400, 'bad_request', `${issues[0]!.field}: ${issues[0]!.reason}`, issues);
  return [...new Set(cleaned.map((r) => r.toLowerCase()))];
}

export const listReportSchedules: Handler<'listReportSchedules'> = async (request) => {
  const { scope } = principalOf(request);
  const ids = requestedCustomers(scope.customerIds, request.query.customer_ids);
  const rows = await asCaller(request, (tx) =>
    tx
      .select({ schedule: reportSchedules, name: reports.name })
      .from(reportSchedules)
      .innerJoin(reports, eq(reports.id, reportSchedules.reportId))
      .where(inArray(reportSchedules.customerId, ids.length ? ids : ['00000000-0000-0000-0000-000000000000']))
      .orderBy(reportSchedules.customerId, reports.name),
  );
  return { tasks: rows.map((row) => presentSchedule(row.schedule, row.name)) };
};

export const scheduleReport: Handler<'scheduleReport'> = async (request, reply) => {
  const principal = principalOf(request);
  const { customer_id: customerId, report_type: reportId, frequency } = request.query;
  requireVisibleCustomer(principal, customerId);
  const recipients = checkedRecipients(request.query.recipients);
  // The groups must be the customer's (and Graph reachable) when the schedule is made; each run
  // reads their devices again as they are then.
  const selectedGroups =
    (await deviceScopeForCaller(request, customerId, request.query.selected_groups))?.groups.map(
      (g) => g.id,
    ) ?? [];
  const { row, name } = await asCaller(request, async (tx) => {
    const report = await visibleReport(tx, reportId);
    // In the customer's own time zone (the customer form sets it); a later change re-times it.
    const timeZone = await customerTimeZone(tx, customerId);
    const nextRunAt = nextRunOf(frequency as Frequency, timeZone, new Date());
    const values = {
      frequency,
      timeZone,
      recipients,
      selectedGroups,
      nextRunAt,
      ownerId: principal.user.contactId,
    };
    const [row] = await tx
      .insert(reportSchedules)
      .values({ ...values, customerId, reportId, partnerId: principal.user.partnerId })
      .onConflictDoUpdate({ target: [reportSchedules.customerId, reportSchedules.reportId], set: values })
      .returning();
    await audit(tx, principal, {
      action: 'update',
      entity: 'report_schedule',
      entityId: row!.id,
      customerId,
      after: {
        report: report.name,
        frequency,
        time_zone: timeZone,
        recipients,
        selected_groups: selectedGroups,
      },
    });
    return { row: row!, name: report.name };
  });
  reply.status(201);
  return presentSchedule(row, name);
};

export const deleteReportSchedule: Handler<'deleteReportSchedule'> = async (request, reply) => {
  const principal = principalOf(request);
  const { customer_id: customerId, report_type: reportId } = request.query;
  requireVisibleCustomer(principal, customerId);
  await asCaller(request, async (tx) => {
    const [removed] = await tx
      .delete(reportSchedules)
      .where(and(eq(reportSchedules.customerId, customerId), eq(reportSchedules.reportId, reportId)))
      .returning();
    if (!removed) throw notFound('The schedule');
    await audit(tx, principal, {
      action: 'delete',
      entity: 'report_schedule',
      entityId: removed.id,
      customerId,
      before: { frequency: removed.frequency, recipients: removed.recipients },
    });
  });
  reply.status(204);
  return undefined;
};

/** Send now: one run per customer in the delivery log, each rendered and mailed by its job. */
export const sendReport: Handler<'sendReport'> = async (request, reply) => {
  const principal = principalOf(request);
  const customerIds = [...new Set(request.query.customer_ids)];
  for (const id of customerIds) requireVisibleCustomer(principal, id);
  const recipients = checkedRecipients(request.query.recipients);
  // Each customer's groups among those selected, read from Graph before anything is queued.
  const groups = await groupsPerCustomer(request, customerIds, request.query.selected_groups);
  const runs = await asCaller(request, async (tx) => {
    const report = await visibleReport(tx, request.query.report_type);
    const period = periodOf(report, request.query.target, new Date());
    const runs = await tx
      .insert(reportRuns)
      .values(
        customerIds.map((customerId) => ({
          partnerId: principal.user.partnerId,
          customerId,
          reportId: report.id,
          requestedBy: principal.user.contactId,
          reportVersion: report.version,
          periodStart: period.start,
          periodEnd: period.end,
          recipients,
          selectedGroups: groups.get(customerId) ?? [],
        })),
      )
      .returning();
    for (const run of runs)
      await audit(tx, principal, {
        action: 'create',
        entity: 'report_run',
        entityId: String(run.id),
        customerId: run.customerId,
        after: {
          report: report.name,
          recipients,
          period_start: period.start,
          period_end: period.end,
          selected_groups: run.selectedGroups,
        },
      });
    return runs;
  });
  // Jobs are the system's queue: added on the system connection once the runs are committed.
  for (const run of runs) await enqueueRun(request.server.db, run);
  reply.status(202);
  return { runs: runs.map((run) => presentRun({ ...run, hasPdf: false })) };
};

const RUN_COLUMNS = (() => {
  const { pdf: _pdf, ...rest } = getTableColumns(reportRuns);
  return { ...rest, hasPdf: sql<boolean>`${reportRuns.pdf} is not null` };
})();

export const listReportRuns: Handler<'listReportRuns'> = async (request) => {
  const { scope } = principalOf(request);
  const ids = requestedCustomers(scope.customerIds, request.query.customer_ids);
  const rows = await asCaller(request, (tx) =>
    tx
      .select(RUN_COLUMNS)
      .from(reportRuns)
      .where(
        and(
          inArray(reportRuns.customerId, ids.length ? ids : ['00000000-0000-0000-0000-000000000000']),
          request.query.report_id ? eq(reportRuns.reportId, request.query.report_id) : undefined,
        ),
      )
      .orderBy(desc(reportRuns.createdAt), desc(reportRuns.id))
      .limit(request.query.size ?? 100),
  );
  return { runs: rows.map(presentRun) };
};

export const getReportRunPdf: Handler<'getReportRunPdf'> = async (request, reply) => {
  const [run] = await asCaller(request, (tx) =>
    tx
      .select({ pdf: reportRuns.pdf, periodEnd: reportRuns.periodEnd })
      .from(reportRuns)
      .where(and(eq(reportRuns.id, request.params.id), isNotNull(reportRuns.pdf))),
  );
  if (!run?.pdf) throw notFound(`The PDF of run ${request.params.id}`);
  reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="report-${run.periodEnd}.pdf"`);
  return run.pdf as unknown as ResultOf<'getReportRunPdf'>;
};
