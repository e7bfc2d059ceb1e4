import { loadConfig } from '../../config.ts';
import type { JobDefinition, Schedule } from '../../jobs/types.ts';
import { NOTIFICATION_JOB, sendAlertNotifications } from './notifications.ts';

export const ALERTS_JOBS: Record<string, JobDefinition> = {
  [NOTIFICATION_JOB]: async ({ db, log }) => {
    const { events, mails } = await sendAlertNotifications(db, loadConfig().publicUrl);
    if (events) log.info(`${NOTIFICATION_JOB}: ${events} alert event(s), ${mails} mail(s) queued`);
  },
};

export const ALERTS_SCHEDULES: Schedule[] = [
  // Alert e-mail notifications within a minute or two of the change (then deliver-mail sends them).
  { kind: NOTIFICATION_JOB, cron: '* * * * *' },
];
