import type { JobDefinition, Schedule } from '../../jobs/types.ts';
import { agentHousekeeping } from './housekeeping.ts';
import { buildAgentInstaller, INSTALLER_JOB } from './installers.ts';

export const AGENTS_JOBS: Record<string, JobDefinition> = {
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
};

export const AGENTS_SCHEDULES: Schedule[] = [
  // Isolations end and pending actions expire within a minute of their time.
  { kind: 'agent-housekeeping', cron: '* * * * *' },
];
