import type { JobDefinition, Schedule } from '../../jobs/types.ts';
import { runLogAlerting } from './alerting/evaluate.ts';
import { EXPORT_JOB } from './export/handlers.ts';
import { runLogExport } from './export/job.ts';
import { maintainLogPartitions } from './partitions.ts';
import { cleanUpSearchJobs, runSearch, SEARCH_JOB } from './search-run.ts';
import { meterLogUsage } from './usage/meter.ts';

export const LOGS_JOBS: Record<string, JobDefinition> = {
  'log-partitions': async ({ db, log }) => {
    const { dropped, deleted } = await maintainLogPartitions(db);
    if (dropped.length + deleted === 0) return;
    log.info(
      `log-partitions: ${dropped.length} partition(s) dropped, ${deleted} event(s) past retention deleted`,
    );
  },
  // A person is waiting on a search: it runs in the interactive lane, never behind a long job.
  // It is counted once; a failure is recorded on the search itself, not retried.
  [SEARCH_JOB]: {
    run: async ({ db, job, log }) => runSearch(db, String(job.payload.search_id), log),
    maxAttempts: 1,
    lane: 'interactive',
  },
  'search-jobs-cleanup': async ({ db, log }) => {
    const { abandoned, deleted } = await cleanUpSearchJobs(db);
    if (abandoned + deleted === 0) return;
    log.info(`search-jobs-cleanup: ${abandoned} abandoned search(es) ended, ${deleted} old one(s) deleted`);
  },
  [EXPORT_JOB]: async ({ db, job, log, reads }) => {
    const exportId = String(job.payload.export_id);
    const done = await runLogExport(
      db,
      exportId,
      String(job.payload.server_url),
      (failure, detail) =>
        log.warn(`${EXPORT_JOB}: ${exportId}: failed (${failure}: ${detail}); nothing mailed`),
      reads,
    );
    if (done) log.info(`${EXPORT_JOB}: ${exportId}: ${done.rows} events, link mailed`);
  },
  'log-usage': async ({ db, log }) => {
    const rows = await meterLogUsage(db);
    log.info(`log-usage: ${rows} customer, day and source figure(s) metered`);
  },
  'log-alerting': async ({ db, log }) => {
    const { rules, fired, suppressed, failed } = await runLogAlerting(db);
    for (const failure of failed) log.warn(`log-alerting: rule ${failure}`);
    if (fired + suppressed > 0)
      log.info(
        `log-alerting: ${rules} rule(s) run, ${fired} alert(s) raised, ${suppressed} firing(s) suppressed`,
      );
  },
};

export const LOGS_SCHEDULES: Schedule[] = [
  // Partitions for the next days exist well before ingest needs them; retention is by the day.
  { kind: 'log-partitions', cron: '7 * * * *' },
  // A search the screen stopped polling ends within a minute or so of being abandoned.
  { kind: 'search-jobs-cleanup', cron: '* * * * *' },
  // Usage of today and yesterday, recounted hourly (late events correct yesterday's figure).
  { kind: 'log-usage', cron: '37 * * * *' },
  // Saved searches' alert rules: realert steps are whole minutes, so every minute.
  { kind: 'log-alerting', cron: '* * * * *' },
];
