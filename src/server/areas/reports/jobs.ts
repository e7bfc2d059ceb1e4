import { and, eq, isNotNull, lte } from 'drizzle-orm';
import { customers, reportRuns, reportSchedules } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import type { JobDefinition, Schedule } from '../../jobs/types.ts';
import { type Frequency, nextRunOf, scheduledPeriod } from './cadence.ts';
import { zoneOf } from './customer-zone.ts';
import { enqueueRun, RENDER_REPORT_JOB, renderReportJob } from './runs.ts';

/**
 * Starts the runs of every schedule that is due: one run per schedule (its period is the last whole
 * month or week in the customer's time zone), each rendered by its own render-report job.
 */
export async function startDueSchedules(db: Db, now: Date): Promise<number> {
  const due = await db
    .select({ schedule: reportSchedules, customerZone: customers.timeZone })
    .from(reportSchedules)
    .innerJoin(customers, eq(customers.customerId, reportSchedules.customerId))
    .where(lte(reportSchedules.nextRunAt, now));
  for (const { schedule, customerZone } of due) {
    const frequency = schedule.frequency as Frequency;
    // The customer's zone as it is now: a change since the schedule was made applies.
    const timeZone = zoneOf(customerZone);
    const period = scheduledPeriod(frequency, timeZone, now);
    await db.transaction(async (tx) => {
      const [run] = await tx
        .insert(reportRuns)
        .values({
          partnerId: schedule.partnerId,
          customerId: schedule.customerId,
          reportId: schedule.reportId,
          scheduleId: schedule.id,
          requestedBy: schedule.ownerId,
          reportVersion: 0,
          periodStart: period.start,
          periodEnd: period.end,
          recipients: schedule.recipients,
          selectedGroups: schedule.selectedGroups,
        })
        .returning();
      await tx
        .update(reportSchedules)
        .set({ lastRunAt: now, timeZone, nextRunAt: nextRunOf(frequency, timeZone, now) })
        .where(eq(reportSchedules.id, schedule.id));
      // With the run and the schedule's next date, or not at all: a worker that dies here
      // must leave neither a run that no job renders nor a schedule that starts it again.
      await enqueueRun(tx, run!);
    });
  }
  return due.length;
}

/** Drops stored PDFs whose retention has ended; the delivery log keeps the row. */
export async function purgeExpiredReports(db: Db, now: Date): Promise<number> {
  const purged = await db
    .update(reportRuns)
    .set({ pdf: null })
    .where(and(isNotNull(reportRuns.pdf), lte(reportRuns.expiresAt, now)))
    .returning({ id: reportRuns.id });
  return purged.length;
}

export const RUN_SCHEDULES_JOB = 'run-report-schedules';
export const PURGE_REPORTS_JOB = 'purge-report-pdfs';

export const REPORTS_JOBS: Record<string, JobDefinition> = {
  [RENDER_REPORT_JOB]: renderReportJob,
  [RUN_SCHEDULES_JOB]: {
    lane: 'reports',
    run: async ({ db, now, log }) => {
      const started = await startDueSchedules(db, now());
      if (started) log.info(`${RUN_SCHEDULES_JOB}: ${started} report runs started`);
    },
  },
  [PURGE_REPORTS_JOB]: async ({ db, now, log }) => {
    const purged = await purgeExpiredReports(db, now());
    if (purged) log.info(`${PURGE_REPORTS_JOB}: ${purged} stored PDFs past their retention removed`);
  },
};

export const REPORTS_SCHEDULES: Schedule[] = [
  // Schedules are due on the hour in their own time zones (06:00 local): every 5 minutes is on time.
  { kind: RUN_SCHEDULES_JOB, cron: '*/5 * * * *' },
  { kind: PURGE_REPORTS_JOB, cron: '17 * * * *' },
];
