import { and, eq, ne, sql } from 'drizzle-orm';
import { REACH_GONE_MESSAGES, reachOver } from '../../auth/reach-now.ts';
import { primaryOnly } from '../../db/replica.ts';
import { reportRuns, reports } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import type { JobContext, JobKind } from '../../jobs/types.ts';
import { queueMail } from '../../mail/outbox.ts';
import { readScoped } from '../../platform/reader.ts';
import { deviceScopeForRun, GroupsGone } from './azure-scope.ts';
import { composeReport } from './compose.ts';
import { readingFigures } from './figures-gate.ts';
import { formatsFor } from './render/format.ts';
import { labelsFor } from './render/labels.ts';
import { renderOnThread } from './render/pool.ts';

/** Renders one run, stores its PDF and mails it (payload `run_id`). */
export const RENDER_REPORT_JOB = 'render-report';
export const RENDER_ATTEMPTS = 3;

/** Queues a run's rendering in the reports lane, for the run's provider. */
export async function enqueueRun(db: Db, run: { id: number; partnerId: string }) {
  await enqueueJob(
    db,
    RENDER_REPORT_JOB,
    { run_id: run.id },
    { singletonKey: String(run.id), partnerId: run.partnerId },
  );
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

/** A reason that no retry can change: the run is failed at once. */
class RunRefused extends Error {}

async function renderRun(context: JobContext): Promise<void> {
  const { db, job, now } = context;
  const runId = Number((job.payload as { run_id?: number }).run_id);
  // A run already sent stays sent: its job may run again when its worker died after the PDF and
  // the mail were committed but before the job was marked done, and must not mail it twice.
  const [run] = await db
    .update(reportRuns)
    .set({ status: 'running', attempts: sql`${reportRuns.attempts} + 1` })
    .where(and(eq(reportRuns.id, runId), ne(reportRuns.status, 'sent')))
    .returning();
  if (!run) return;
  try {
    const [report] = await db.select().from(reports).where(eq(reports.id, run.reportId));
    if (!report) throw new RunRefused('The report was deleted.');
    // The figures are read through the reach of whoever asked, as it is now, never as it was.
    const reach = await reachOver(db, { userId: run.requestedBy, partnerId: run.partnerId }, [
      run.customerId,
    ]);
    if ('refused' in reach) throw new RunRefused(REACH_GONE_MESSAGES[reach.refused]);
    // The Azure groups' devices as they are now, from Graph, before any transaction is open.
    const devices = await deviceScopeForRun(db, run.customerId, run.selectedGroups).catch(
      (error: unknown) => {
        throw error instanceof GroupsGone ? new RunRefused(error.message) : error;
      },
    );
    const at = now();
    const period = {
      start: run.periodStart,
      end: run.periodEnd,
      label: labelOf(run.periodStart, run.periodEnd, report.target),
    };
    // Figures where read-heavy work reads (the replica while current), under the same scope.
    const input = await readingFigures(() =>
      readScoped(
        context.reads ?? primaryOnly(db),
        db,
        reach.principal.scope,
        (tx) => composeReport(tx, reach.principal, report, run.customerId, period, at, devices),
        (error) =>
          context.log.warn(`${RENDER_REPORT_JOB}: replica read failed, read the primary: ${reasonOf(error)}`),
      ),
    );
    // Drawn on a render thread: this process's event loop stays free for its other work.
    const { pdf, pages } = await renderOnThread(input);
    // The mail is in the PDF's language: the customer's.
    const { mail } = labelsFor(input.locale);
    const periodLabel = formatsFor(input.locale).period(period);
    const fileName = `${slug(report.name)}-${slug(input.customerName)}-${run.periodEnd}.pdf`;
    await db.transaction(async (tx) => {
      await tx
        .update(reportRuns)
        .set({
          status: 'sent',
          pdf,
          pdfBytes: pdf.length,
          pages,
          reportVersion: report.version,
          lastError: null,
          finishedAt: at,
          expiresAt: new Date(at.getTime() + report.retentionDays * 86_400_000),
        })
        .where(eq(reportRuns.id, run.id));
      await queueMail(tx, {
        to: run.recipients,
        subject: mail.subject(report.name, input.customerName, periodLabel),
        text: `${mail.body(report.name, input.customerName, `${periodLabel} (${run.periodStart} – ${run.periodEnd})`)}\n\n${input.providerName}`,
        attachments: [{ filename: fileName, contentType: 'application/pdf', content: pdf }],
        partnerId: run.partnerId,
      });
    });
  } catch (error) {
    const final = error instanceof RunRefused || run.attempts >= RENDER_ATTEMPTS;
    await db
      .update(reportRuns)
      .set({
        status: final ? 'failed' : 'queued',
        lastError: reasonOf(error),
        ...(final && { finishedAt: now() }),
      })
      .where(eq(reportRuns.id, run.id));
    if (error instanceof RunRefused) return;
    throw error;
  }
}

const slug = (text: string) =>
  text
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'report';

function labelOf(start: string, end: string, target: string) {
  return target === 'week' ? `${start} – ${end}` : `${start.slice(0, 7)} – ${end.slice(0, 7)}`;
}

/**
 * The render-report job: retried with backoff, then given up; the run is marked failed with its
 * last error, and the dead job stays in the admin jobs tab.
 */
export const renderReportJob: JobKind = {
  run: renderRun,
  lane: 'reports',
  maxAttempts: RENDER_ATTEMPTS,
  backoffMs: (attempt) => 60_000 * 2 ** (attempt - 1),
  giveUp: async ({ db, job, now }, error) => {
    const runId = Number((job.payload as { run_id?: number }).run_id);
    await db
      .update(reportRuns)
      .set({ status: 'failed', lastError: reasonOf(error), finishedAt: now() })
      .where(eq(reportRuns.id, runId));
  },
};
