import type { jobs } from '../db/schema/index.ts';
import type { Db } from '../db/types.ts';
import type { MailTransport } from '../mail/transport.ts';

export type JobRow = typeof jobs.$inferSelect;

/** Where the runner writes what it did; the server passes its pino logger. */
export interface JobLogger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface JobContext {
  /** The system connection: jobs work across customers, outside any caller's scope. */
  db: Db;
  job: JobRow;
  workerId: string;
  log: JobLogger;
  /** Where the outbox's mail goes (SMTP_URL, or the local outbox folder). */
  mail: MailTransport;
  /** Records how far the job has got (shown to administrators while it runs). */
  progress(done: number, total: number): Promise<void>;
}

/** Does one job. Throwing fails the attempt: the job is retried later with backoff, up to the limit. */
export type JobHandler = (context: JobContext) => Promise<void>;

/** A job kind with its own retry policy; a bare handler takes the runner's. */
export interface JobKind {
  run: JobHandler;
  /** Attempts before a failing job is given up (dead). */
  maxAttempts?: number;
  /** Wait before retry number `attempt` (1-based). */
  backoffMs?: (attempt: number) => number;
}

export type JobDefinition = JobHandler | JobKind;

/** A job kind that recurs on a cron pattern (5 or 6 fields, UTC). */
export interface Schedule {
  kind: string;
  cron: string;
  payload?: Record<string, unknown>;
}
