import type { JobDefinition, Schedule } from '../../jobs/types.ts';
import { expireMutes } from './expire.ts';

export const MUTES_JOBS: Record<string, JobDefinition> = {
  'expire-mutes': async ({ db, log }) => {
    const count = await expireMutes(db);
    log.info(`expire-mutes: ${count} mute${count === 1 ? '' : 's'} expired`);
  },
};

export const MUTES_SCHEDULES: Schedule[] = [{ kind: 'expire-mutes', cron: '* * * * *' }];
