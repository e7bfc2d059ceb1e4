import type { JobDefinition, Schedule } from '../../jobs/types.ts';
import { DISPATCH_JOB } from '../../platform/alert-events.ts';
import { DISPATCH_JOB_KIND } from './engine/dispatch.ts';
import { LOG_SIGNALS_JOB, LOG_SIGNALS_JOB_KIND } from './engine/log-signals.ts';
import { STEP_JOB } from './engine/runs.ts';
import { SCHEDULE_JOB, SCHEDULE_JOB_KIND } from './engine/schedule.ts';
import { STEP_JOB_KIND } from './engine/step.ts';

/**
 * The workflows lane: events matched to workflows, each step of each run, and the schedule's tick;
 * the logs' watch for volume drops and lockouts runs in the background lane.
 */
export const WORKFLOWS_JOBS: Record<string, JobDefinition> = {
  [DISPATCH_JOB]: DISPATCH_JOB_KIND,
  [STEP_JOB]: STEP_JOB_KIND,
  [SCHEDULE_JOB]: SCHEDULE_JOB_KIND,
  [LOG_SIGNALS_JOB]: LOG_SIGNALS_JOB_KIND,
};

export const WORKFLOWS_SCHEDULES: Schedule[] = [
  { kind: SCHEDULE_JOB, cron: '* * * * *' },
  { kind: LOG_SIGNALS_JOB, cron: '* * * * *' },
];
