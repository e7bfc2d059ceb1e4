import type { JobDefinition, Schedule } from '../../jobs/types.ts';
import { sealPlainAckKeys } from './ack-key.ts';
import { advanceEscalation, dueEscalations } from './advance.ts';
import { configuredPhoneProvider } from './provider.ts';
import { ESCALATION_JOB } from './run.ts';

const SWEEP_JOB = 'escalations-due';

export const ESCALATIONS_JOBS: Record<string, JobDefinition> = {
  // One per step of each escalation, due when the step's wait ends. Few attempts: a retried
  // step could text its contacts twice.
  [ESCALATION_JOB]: {
    lane: 'escalations',
    maxAttempts: 3,
    backoffMs: (attempt) => attempt * 15_000,
    run: async ({ db, job, now }) => {
      const id = String((job.payload as { escalation_id?: unknown }).escalation_id ?? '');
      await advanceEscalation(db, id, { now: now(), phone: configuredPhoneProvider() });
    },
  },
  // The safety net: an escalation whose job was lost still moves on within a minute.
  [SWEEP_JOB]: {
    lane: 'escalations',
    run: async ({ db, now, log }) => {
      const sealed = await sealPlainAckKeys(db);
      if (sealed > 0) log.info(`escalations-due: sealed ${sealed} signing key(s) stored in the clear`);
      const ids = await dueEscalations(db, now());
      const phone = configuredPhoneProvider();
      for (const id of ids) await advanceEscalation(db, id, { now: now(), phone });
      if (ids.length > 0) log.info(`escalations-due: ${ids.length} escalation(s) moved on`);
    },
  },
};

export const ESCALATIONS_SCHEDULES: Schedule[] = [{ kind: SWEEP_JOB, cron: '* * * * *' }];
