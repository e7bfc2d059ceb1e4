import type { JobDefinition, Schedule } from '../jobs/types.ts';
import {
  DELIVER_MAIL_JOB,
  deliverMail,
  MAIL_ATTEMPTS,
  mailBackoff,
  markMailFailed,
  requeueLostMail,
} from './outbox.ts';

export const REQUEUE_LOST_MAIL_JOB = 'requeue-lost-mail';

/**
 * The outbox's work, in a lane of its own (a slow SMTP server holds back nothing else): one
 * deliver-mail job per message, queued with it; the runner's retries and backoff carry its
 * attempts, and the outbox row keeps its status, attempts and last error for the Outbox screen.
 */
export const MAIL_JOBS: Record<string, JobDefinition> = {
  [DELIVER_MAIL_JOB]: {
    lane: 'mail',
    maxAttempts: MAIL_ATTEMPTS,
    backoffMs: mailBackoff,
    run: async ({ db, job, log, mail, now }) => {
      // A run of the every-minute sweep older versions scheduled has no row: the
      // requeue-lost-mail job covers what it would have sent.
      if (typeof job.payload.mail_id !== 'number') return;
      const mailId = job.payload.mail_id;
      const retryAt = () =>
        job.attempts < MAIL_ATTEMPTS ? new Date(now().getTime() + mailBackoff(job.attempts)) : null;
      if (await deliverMail(db, mail, mailId, retryAt))
        log.info(`${DELIVER_MAIL_JOB}: ${mailId} sent to ${mail.description}`);
    },
    giveUp: async ({ db, job, log }, error) => {
      if (typeof job.payload.mail_id !== 'number') return;
      await markMailFailed(db, job.payload.mail_id, error);
      log.error(`${DELIVER_MAIL_JOB}: ${job.payload.mail_id} given up; see the outbox's last error`);
    },
  },
  [REQUEUE_LOST_MAIL_JOB]: {
    lane: 'mail',
    run: async ({ db, log, now }) => {
      const queued = await requeueLostMail(db, now());
      if (queued)
        log.warn(`${REQUEUE_LOST_MAIL_JOB}: ${queued} waiting mail(s) had no delivery job; queued again`);
    },
  },
};

export const MAIL_SCHEDULES: Schedule[] = [
  // Only a safety net (every mail gets its job when it is queued), so a quarter of an hour will do.
  { kind: REQUEUE_LOST_MAIL_JOB, cron: '*/15 * * * *' },
];
