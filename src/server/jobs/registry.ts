import { expireMutes } from '../mutes/expire.ts';
import type { JobHandler, Schedule } from './types.ts';

/** Every job kind the runner knows. A worker claims only kinds it has a handler for. */
export const JOB_HANDLERS: Record<string, JobHandler> = {
  'expire-mutes': async ({ db, log }) => {
    const count = await expireMutes(db);
    log.info(`expire-mutes: ${count} mute${count === 1 ? '' : 's'} expired`);
  },
};

/** Recurring work (DESIGN section 8: schedules are computed with a cron library). */
export const SCHEDULES: Schedule[] = [{ kind: 'expire-mutes', cron: '* * * * *' }];
