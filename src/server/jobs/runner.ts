import type { JobsDue } from '../db/jobs-due.ts';
import { primaryOnly, type ReadRouter } from '../db/replica.ts';
import type { Db } from '../db/types.ts';
import type { MailTransport } from '../mail/transport.ts';
import { claimJobs, completeJobs, failJob, recordProgress, releaseJobs, renewLeases } from './queue.ts';
import { JOB_HANDLERS, SCHEDULES } from './registry.ts';
import { SchedulePlanner } from './schedules.ts';
import type { JobContext, JobDefinition, JobKind, JobLogger, JobRow, Schedule } from './types.ts';

export interface JobRunnerOptions {
  /** Names this worker in `jobs.locked_by`; unique per process (host name and pid). */
  workerId: string;
  /** Pause between polls when no job is due. */
  pollMs: number;
  /**
   * Notices of jobs added due now (Database.jobsDue): a loop waiting for its next poll starts at
   * once on a kind it runs. Without it, the loop polls only.
   */
  jobsDue?: JobsDue;
  /** Job kinds this worker runs: a handler, or a handler with its own retry policy. */
  handlers?: Record<string, JobDefinition>;
  schedules?: readonly Schedule[];
  log?: JobLogger;
  /** Where mail goes; without one, jobs that send mail fail (and are retried) until one is given. */
  mail?: MailTransport;
  /** A job locked longer than this is taken to have lost its worker and can be claimed again. */
  leaseMs?: number;
  /** Attempts before a failing job is given up (dead), for kinds without their own. */
  maxAttempts?: number;
  /** Wait before retry number `attempt` (1-based), for kinds without their own. */
  backoffMs?: (attempt: number) => number;
  /**
   * Jobs claimed at once (one statement), run one after another and marked done together: for a
   * lane of many short jobs. One (the default) claims and completes each job on its own.
   */
  batch?: number;
  /** Where read-heavy jobs read (the replica while current); without one, the primary. */
  reads?: ReadRouter;
  /** The time; injected by tests to move through backoffs and leases without waiting. */
  now?: () => Date;
  /**
   * When this loop plans its schedules (jobs/schedules.ts): a running loop keeps one across its
   * passes. Without one, a pass plans them first, as a single pass called on its own should.
   */
  planner?: SchedulePlanner;
}

export interface JobRunner {
  /** Finishes the job in hand, then stops polling. */
  stop(): Promise<void>;
}

export const DEFAULT_LEASE_MS = 5 * 60_000;
const DEFAULT_MAX_ATTEMPTS = 5;

/** 10 s, 20 s, 40 s, … up to an hour. */
export function defaultBackoff(attempt: number): number {
  return Math.min(10_000 * 2 ** Math.max(0, attempt - 1), 3_600_000);
}

const noMailTransport: MailTransport = {
  description: 'none',
  send: () => Promise.reject(new Error('no mail transport is configured for this worker')),
};

const consoleLog: JobLogger = {
  info: (message) => console.log(message),
  warn: (message) => console.warn(message),
  error: (message) => console.error(message),
};

/**
 * One pass: schedules the recurring jobs that have no pending run, then claims and runs due jobs
 * one after another until none is due (or `shouldStop` says so). Returns how many jobs ran.
 */
export async function runDueJobs(
  db: Db,
  options: JobRunnerOptions,
  shouldStop: () => boolean = () => false,
): Promise<number> {
  const handlers = options.handlers ?? JOB_HANDLERS;
  const log = options.log ?? consoleLog;
  const now = options.now ?? (() => new Date());
  const kindOf = (kind: string) => {
    const definition = handlers[kind]!;
    const own: JobKind = typeof definition === 'function' ? { run: definition } : definition;
    return {
      run: own.run,
      maxAttempts: own.maxAttempts ?? options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      backoffMs: own.backoffMs ?? options.backoffMs ?? defaultBackoff,
      giveUp: own.giveUp,
    };
  };
  const reads = options.reads ?? primaryOnly(db);
  const contextOf = (job: JobRow, claimedBehind = 0): JobContext => ({
    db,
    job,
    claimedBehind,
    workerId: options.workerId,
    log,
    mail: options.mail ?? noMailTransport,
    reads,
    now,
    progress: (done, total) => recordProgress(db, job, options.workerId, done, total),
  });
  // The kind's own record of the failure first: should it fail, the job is not yet dead, and the
  // next claim (after the lease) gives up again.
  const giveUp = async (job: JobRow, kind: ReturnType<typeof kindOf>, error: unknown) => {
    await kind.giveUp?.(contextOf(job), error);
    await failJob(db, job, options.workerId, error, null, now());
    planner.finished(job.kind);
  };
  const planner = options.planner ?? new SchedulePlanner(schedulesOf(options));
  await planner.planIfDue(db, now());
  let ran = 0;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const batchSize = Math.max(1, options.batch ?? 1);
  while (!shouldStop()) {
    const batch = await claimJobs(db, options.workerId, Object.keys(handlers), leaseMs, now(), batchSize);
    if (batch.length === 0) break;
    // The leases of the whole batch are renewed three times in their length while its jobs run,
    // so only a dead worker's jobs are claimed again, however long they take.
    let held = batch;
    const heartbeat = setInterval(() => {
      renewLeases(db, held, options.workerId, now()).catch((error: unknown) =>
        log.warn(
          `jobs ${held.map((job) => job.id).join(', ')}: leases not renewed: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
    }, leaseMs / 3);
    heartbeat.unref();
    // Jobs that ran well, marked done together at the end of the batch (one statement).
    const succeeded: JobRow[] = [];
    try {
      for (const [index, job] of batch.entries()) {
        if (shouldStop()) {
          await releaseJobs(db, batch.slice(index), options.workerId);
          break;
        }
        held = batch.slice(index);
        ran++;
        const kind = kindOf(job.kind);
        const { maxAttempts, backoffMs } = kind;
        if (job.attempts > maxAttempts) {
          // Claimed again after its worker died on the last attempt: give up rather than loop forever.
          log.error(`job ${job.id} (${job.kind}) gave up after ${maxAttempts} attempts`);
          await giveUp(job, kind, new Error(`gave up after ${maxAttempts} attempts`));
          continue;
        }
        try {
          await kind.run(contextOf(job, batch.length - index - 1));
          succeeded.push(job);
        } catch (error) {
          const retry = job.attempts < maxAttempts ? backoffMs(job.attempts) : null;
          const reason = error instanceof Error ? error.message : String(error);
          log.warn(
            `job ${job.id} (${job.kind}) failed on attempt ${job.attempts}: ${reason}; ${retry === null ? 'giving up' : `retrying in ${Math.round(retry / 1000)} s`}`,
          );
          if (retry === null) await giveUp(job, kind, error);
          else await failJob(db, job, options.workerId, error, retry, now());
        }
      }
    } finally {
      clearInterval(heartbeat);
      await completeJobs(db, succeeded, options.workerId, now());
      for (const job of succeeded) planner.finished(job.kind);
    }
  }
  return ran;
}

/** The schedules of the kinds this loop runs. */
function schedulesOf(options: JobRunnerOptions): Schedule[] {
  const handlers = options.handlers ?? JOB_HANDLERS;
  return (options.schedules ?? SCHEDULES).filter((schedule) => schedule.kind in handlers);
}

/**
 * Polls for due jobs until stopped, and starts a pass at once when told a job of its kinds was
 * added (`jobsDue`). Safe to run in several processes (and several times in one): jobs are claimed
 * with FOR UPDATE SKIP LOCKED and schedules are added under an advisory lock. A failed pass
 * (database away) is logged and retried at the next poll.
 */
export function startJobRunner(db: Db, options: JobRunnerOptions): JobRunner {
  const log = options.log ?? consoleLog;
  const kinds = new Set(Object.keys(options.handlers ?? JOB_HANDLERS));
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let passing = false;
  /** A notice came during a pass, which may have looked before the job was there: look again. */
  let toldDuringPass = false;
  let pass: Promise<void> = Promise.resolve();
  const planner = options.planner ?? new SchedulePlanner(schedulesOf(options));
  const poll = () => {
    clearTimeout(timer);
    passing = true;
    toldDuringPass = false;
    pass = runDueJobs(db, { ...options, log, planner }, () => stopped)
      .then(
        () => undefined,
        (error: unknown) =>
          log.error(
            `job runner ${options.workerId}: ${error instanceof Error ? error.message : String(error)}`,
          ),
      )
      .finally(() => {
        passing = false;
        if (stopped) return;
        timer = setTimeout(poll, toldDuringPass ? 0 : options.pollMs);
        timer.unref();
      });
  };
  const unlisten = options.jobsDue?.((kind) => {
    if (stopped || !kinds.has(kind)) return;
    if (passing) toldDuringPass = true;
    else poll();
  });
  poll();
  return {
    async stop() {
      stopped = true;
      unlisten?.();
      clearTimeout(timer);
      await pass;
    },
  };
}
