import type { JobDefinition } from '../../jobs/types.ts';
import { REBUILD_ROLLUPS_JOB, rebuildRollups } from './rebuild.ts';

export const DASHBOARD_JOBS: Record<string, JobDefinition> = {
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
};
