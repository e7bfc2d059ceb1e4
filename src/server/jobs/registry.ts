import { mergeOnce } from '../areas/area.ts';
import { EVERY_DECLARER } from '../areas/index.ts';
import type { JobDefinition, Lane, Schedule } from './types.ts';

/**
 * Every job kind the runner knows: each area's `jobs` and the platform's (areas/index.ts). A
 * worker claims only kinds it has a handler for.
 */
export const JOB_HANDLERS: Readonly<Record<string, JobDefinition>> = mergeOnce(
  'job kind',
  EVERY_DECLARER.map((area) => ({ name: area.name, entries: area.jobs })),
);

const ALL_SCHEDULES: readonly Schedule[] = EVERY_DECLARER.flatMap((area) => area.schedules);

/** Recurring work (DESIGN section 8: schedules are computed with a cron library), on PostgreSQL. */
export const SCHEDULES: Schedule[] = ALL_SCHEDULES.filter((schedule) => !schedule.only);

/** Recurring work on the embedded database: the same, and its upkeep (vacuum). */
export const PGLITE_SCHEDULES: Schedule[] = [...ALL_SCHEDULES];

/** The lane a job kind runs in: its own, else the background. */
export function laneOf(definition: JobDefinition): Lane {
  return (typeof definition === 'function' ? undefined : definition.lane) ?? 'background';
}

/** Job kinds a person is waiting on (a search they just ran). */
export const INTERACTIVE_KINDS: readonly string[] = Object.keys(JOB_HANDLERS).filter(
  (kind) => laneOf(JOB_HANDLERS[kind]!) === 'interactive',
);

/** The handlers of one lane (jobs/types.ts, `Lane`): each lane has a worker loop of its own. */
export function laneHandlers(lane: Lane): Record<string, JobDefinition> {
  return Object.fromEntries(
    Object.entries(JOB_HANDLERS).filter(([, definition]) => laneOf(definition) === lane),
  );
}

/**
 * Jobs a lane's loop claims at once (runner `batch`): the workflows lane's step jobs are short and
 * many, and a claim and a completion a batch instead of each a job is two round trips fewer a step.
 * The rest claim one at a time, so a long job never holds others claimed behind it.
 */
const LANE_BATCH: Partial<Record<Lane, number>> = { workflows: 10 };

export function laneBatch(lane: Lane): number {
  return LANE_BATCH[lane] ?? 1;
}
