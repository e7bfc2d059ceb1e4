import type { ReadRouter } from '../db/replica.ts';
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
  /**
   * Jobs this worker claimed with this one that wait for it to finish (a batch, `batch` in the
   * runner's options): a job that could go on with more work should leave it for later instead.
   * None when absent.
   */
  claimedBehind?: number;
  workerId: string;
  log: JobLogger;
  /** Where the outbox's mail goes (SMTP_URL, or the local outbox folder). */
  mail: MailTransport;
  /** The runner's clock (tests move it through backoffs instead of waiting). */
  now(): Date;
  /**
   * Where read-heavy work (report figures, exports) reads: the streaming replica while it is
   * current (DATABASE_REPLICA_URL), else the primary (also when absent). Writes stay on `db`.
   */
  reads?: ReadRouter;
  /** Records how far the job has got (shown to administrators while it runs). */
  progress(done: number, total: number): Promise<void>;
}

/** Does one job. Throwing fails the attempt: the job is retried later with backoff, up to the limit. */
export type JobHandler = (context: JobContext) => Promise<void>;

/**
 * Which worker loop runs a kind: `interactive` for work a person is waiting on (a search they
 * just ran), `mail` for the outbox's deliveries, `workflows` for workflow runs (their steps act on
 * alerts within seconds of the trigger), `escalations` for telling escalation steps on time (a
 * contact must not wait behind a report), `reports` for rendering reports (a month of a hundred
 * customers' PDFs must not hold back scans or exports), `integrations` for pulling alerts from
 * customers' tools (a slow or throttling product must not hold back the rest), `background` (the default) for everything
 * else.
 * Each lane has its own loop, so a long scan or export never holds back a search or a mail, and a
 * slow SMTP server never holds back the rest.
 */
export type Lane =
  | 'interactive'
  | 'mail'
  | 'workflows'
  | 'reports'
  | 'escalations'
  | 'integrations'
  | 'background';

export const LANES: readonly Lane[] = [
  'interactive',
  'mail',
  'workflows',
  'reports',
  'escalations',
  'integrations',
  'background',
];

/** A job kind with its own retry policy or lane; a bare handler takes the runner's, in the background lane. */
export interface JobKind {
  run: JobHandler;
  lane?: Lane;
  /** Attempts before a failing job is given up (dead). */
  maxAttempts?: number;
  /** Wait before retry number `attempt` (1-based). */
  backoffMs?: (attempt: number) => number;
  /**
   * Called once when the runner gives the job up (its last attempt failed, or its worker died on
   * it), before the job is marked dead: to record the failure where people look for it.
   */
  giveUp?: (context: JobContext, error: unknown) => Promise<void>;
}

export type JobDefinition = JobHandler | JobKind;

/** A job kind that recurs on a cron pattern (5 or 6 fields, UTC). */
export interface Schedule {
  kind: string;
  cron: string;
  payload?: Record<string, unknown>;
  /** Only on this database (the embedded one has no autovacuum, say); else on both. */
  only?: 'pglite';
}
