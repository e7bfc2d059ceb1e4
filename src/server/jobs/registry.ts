import { agentHousekeeping, buildAgentInstaller, INSTALLER_JOB } from '../areas/agents/index.ts';
import { NOTIFICATION_JOB, sendAlertNotifications } from '../areas/alerts/index.ts';
import { REBUILD_ROLLUPS_JOB, rebuildRollups } from '../areas/dashboard/index.ts';
import {
  DnsClient,
  DOMAIN_SCAN_JOB,
  domainScanJob,
  lookalikeSettings,
  scanActiveDomains,
} from '../areas/domains/index.ts';
import {
  cleanUpSearchJobs,
  EXPORT_JOB,
  maintainLogPartitions,
  meterLogUsage,
  runLogAlerting,
  runLogExport,
  runSearch,
  SEARCH_JOB,
} from '../areas/logs/index.ts';
import { expireMutes } from '../areas/mutes/index.ts';
import { BREACH_JOB, breachLookupJob, fetchThreatFeeds } from '../areas/threat/index.ts';
import { loadConfig } from '../config.ts';
import { vacuumAnalyze } from '../db/maintenance.ts';
import { deliverDueMail } from '../mail/outbox.ts';
import type { JobDefinition, Schedule } from './types.ts';

/** Every job kind the runner knows. A worker claims only kinds it has a handler for. */
export const JOB_HANDLERS: Record<string, JobDefinition> = {
  'expire-mutes': async ({ db, log }) => {
    const count = await expireMutes(db);
    log.info(`expire-mutes: ${count} mute${count === 1 ? '' : 's'} expired`);
  },
  'deliver-mail': async ({ db, log, mail }) => {
    const { sent, retrying, failed } = await deliverDueMail(db, mail);
    if (sent) log.info(`deliver-mail: ${sent} sent to ${mail.description}`);
    if (retrying) log.warn(`deliver-mail: ${retrying} to retry later (${mail.description})`);
    if (failed)
      log.error(`deliver-mail: ${failed} given up after the last attempt; see mail_outbox.last_error`);
  },
  [NOTIFICATION_JOB]: async ({ db, log }) => {
    const { events, mails } = await sendAlertNotifications(db, loadConfig().publicUrl);
    if (events) log.info(`${NOTIFICATION_JOB}: ${events} alert event(s), ${mails} mail(s) queued`);
  },
  'agent-housekeeping': async ({ db, log }) => {
    const done = await agentHousekeeping(db);
    if (done.isolationsEnded + done.actionsExpired === 0) return;
    log.info(
      `agent-housekeeping: ${done.isolationsEnded} isolation${done.isolationsEnded === 1 ? '' : 's'} ended, ${done.actionsExpired} action${done.actionsExpired === 1 ? '' : 's'} expired`,
    );
  },
  'log-partitions': async ({ db, log }) => {
    const { dropped, deleted } = await maintainLogPartitions(db);
    if (dropped.length + deleted === 0) return;
    log.info(
      `log-partitions: ${dropped.length} partition(s) dropped, ${deleted} event(s) past retention deleted`,
    );
  },
  // A search is counted once; a failure is recorded on the search itself, not retried.
  [SEARCH_JOB]: {
    run: async ({ db, job, log }) => runSearch(db, String(job.payload.search_id), log),
    maxAttempts: 1,
  },
  'search-jobs-cleanup': async ({ db, log }) => {
    const { abandoned, deleted } = await cleanUpSearchJobs(db);
    if (abandoned + deleted === 0) return;
    log.info(`search-jobs-cleanup: ${abandoned} abandoned search(es) ended, ${deleted} old one(s) deleted`);
  },
  [EXPORT_JOB]: async ({ db, job, log }) => {
    const exportId = String(job.payload.export_id);
    const done = await runLogExport(db, exportId, String(job.payload.server_url), (failure, detail) =>
      log.warn(`${EXPORT_JOB}: ${exportId}: failed (${failure}: ${detail}); nothing mailed`),
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
  'fetch-threat-feeds': async ({ db, log }) => {
    for (const run of await fetchThreatFeeds(db)) {
      if (run.error) log.warn(`fetch-threat-feeds: ${run.feed} failed: ${run.error}`);
      else log.info(`fetch-threat-feeds: ${run.feed}: ${run.count} stored`);
    }
  },
  'scan-lookalikes': async ({ db, log }) => {
    const settings = lookalikeSettings();
    const dns = new DnsClient(settings.resolver);
    for (const { domain, result } of await scanActiveDomains(db, { dns, settings }))
      log.info(
        `scan-lookalikes: ${domain}: ${result.candidates} candidates, ${result.registered} registered, ${result.inconclusive} inconclusive, ${result.changed} changed`,
      );
  },
  // A domain just added (or switched back on) is scanned at once, not at the next schedule.
  [DOMAIN_SCAN_JOB]: domainScanJob(),
  // Spec 2, section 9: up to 5 attempts, waiting attempt × (5 s + jitter up to 30 s).
  [BREACH_JOB]: breachLookupJob(),
  [INSTALLER_JOB]: async ({ db, job, log }) => {
    const installerId = String(job.payload.installer_id);
    if (await buildAgentInstaller(db, installerId))
      log.info(`${INSTALLER_JOB}: ${installerId} ready, link mailed`);
  },
  // Started by an administrator or an operator (`npm run rollups:rebuild`); each customer is one
  // transaction, so a rerun after a failure simply starts over.
  [REBUILD_ROLLUPS_JOB]: {
    run: async ({ db, job, log, progress }) => {
      const customerId = typeof job.payload.customer_id === 'string' ? job.payload.customer_id : undefined;
      const partnerId = typeof job.payload.partner_id === 'string' ? job.payload.partner_id : undefined;
      const started = performance.now();
      const done = await rebuildRollups(db, { customerId, partnerId }, progress);
      log.info(
        `${REBUILD_ROLLUPS_JOB}: ${done} customer(s) rebuilt in ${Math.round(performance.now() - started)} ms`,
      );
    },
    maxAttempts: 3,
  },
  'vacuum-analyze': async ({ db, log }) => {
    const started = performance.now();
    await vacuumAnalyze(db);
    log.info(`vacuum-analyze: done in ${Math.round(performance.now() - started)} ms`);
  },
};

/** Recurring work (DESIGN section 8: schedules are computed with a cron library). */
export const SCHEDULES: Schedule[] = [
  { kind: 'expire-mutes', cron: '* * * * *' },
  { kind: 'deliver-mail', cron: '* * * * *' },
  // Alert e-mail notifications within a minute or two of the change (then deliver-mail sends them).
  { kind: NOTIFICATION_JOB, cron: '* * * * *' },
  // Isolations end and pending actions expire within a minute of their time.
  { kind: 'agent-housekeeping', cron: '* * * * *' },
  // Partitions for the next days exist well before ingest needs them; retention is by the day.
  { kind: 'log-partitions', cron: '7 * * * *' },
  // A search the screen stopped polling ends within a minute or so of being abandoned.
  { kind: 'search-jobs-cleanup', cron: '* * * * *' },
  // Usage of today and yesterday, recounted hourly (late events correct yesterday's figure).
  { kind: 'log-usage', cron: '37 * * * *' },
  // Saved searches' alert rules: realert steps are whole minutes, so every minute.
  { kind: 'log-alerting', cron: '* * * * *' },
  // Feeds publish a few times a day at most; hourly keeps verdicts fresh without hammering them.
  { kind: 'fetch-threat-feeds', cron: '23 * * * *' },
  // A lookalike's state needs two scans in a row to change: every 4 hours puts a new
  // registration in front of analysts within a working day without hammering the resolver.
  { kind: 'scan-lookalikes', cron: '41 */4 * * *' },
];

/**
 * The embedded database (PGlite) has no autovacuum: without this, planner statistics go stale
 * and counts stop using index-only scans as alerts come and change. Nightly, when the console is
 * quietest, since PGlite answers nothing else while it runs.
 */
/**
 * Job kinds a person is waiting on (a search they just ran): a worker runs them in a lane of their
 * own, so a long background job (a lookalike scan, an export) never holds them back.
 */
export const INTERACTIVE_KINDS: readonly string[] = [SEARCH_JOB];

/** The handlers of one lane: the interactive kinds, or everything else. */
export function laneHandlers(lane: 'interactive' | 'background'): Record<string, JobDefinition> {
  return Object.fromEntries(
    Object.entries(JOB_HANDLERS).filter(
      ([kind]) => INTERACTIVE_KINDS.includes(kind) === (lane === 'interactive'),
    ),
  );
}

export const PGLITE_SCHEDULES: Schedule[] = [...SCHEDULES, { kind: 'vacuum-analyze', cron: '17 3 * * *' }];
