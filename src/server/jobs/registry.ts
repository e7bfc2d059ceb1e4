import { agentHousekeeping, buildAgentInstaller, INSTALLER_JOB } from '../areas/agents/index.ts';
import { expireMutes } from '../areas/mutes/index.ts';
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
  'agent-housekeeping': async ({ db, log }) => {
    const done = await agentHousekeeping(db);
    if (done.isolationsEnded + done.actionsExpired === 0) return;
    log.info(
      `agent-housekeeping: ${done.isolationsEnded} isolation${done.isolationsEnded === 1 ? '' : 's'} ended, ${done.actionsExpired} action${done.actionsExpired === 1 ? '' : 's'} expired`,
    );
  },
  [INSTALLER_JOB]: async ({ db, job, log }) => {
    const installerId = String(job.payload.installer_id);
    if (await buildAgentInstaller(db, installerId))
      log.info(`${INSTALLER_JOB}: ${installerId} ready, link mailed`);
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
  // Isolations end and pending actions expire within a minute of their time.
  { kind: 'agent-housekeeping', cron: '* * * * *' },
];

/**
 * The embedded database (PGlite) has no autovacuum: without this, planner statistics go stale
 * and counts stop using index-only scans as alerts come and change. Nightly, when the console is
 * quietest, since PGlite answers nothing else while it runs.
 */
export const PGLITE_SCHEDULES: Schedule[] = [...SCHEDULES, { kind: 'vacuum-analyze', cron: '17 3 * * *' }];
