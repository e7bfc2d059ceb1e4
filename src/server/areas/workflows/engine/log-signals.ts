import { sql } from 'drizzle-orm';
import { workflowVersions } from '../../../db/schema/index.ts';
import type { JobContext, JobKind } from '../../../jobs/types.ts';
import { queueWorkflowEvents } from '../../../platform/workflow-events.ts';
import { logVolumeDrops, tripleLockouts, VOLUME_WINDOW_MINUTES } from '../../logs/index.ts';
import { publishedWorkflows } from './published.ts';

export const LOG_SIGNALS_JOB = 'workflow-log-signals';
/** Lockouts received this far back are looked at again: a missed tick loses none (keys dedupe). */
const LOOKBACK_MS = 10 * 60_000;

/**
 * Every minute: the customers' logs checked for the two triggers that watch them, reduced log
 * volume and triple lockout, only while a published workflow uses one. A volume drop fires once
 * per customer and 30-minute window; a triple lockout once for the lockout that made it three.
 */
export async function detectLogSignals({ db, now, log }: JobContext): Promise<void> {
  const at = now();
  const inUse = new Set(
    (
      await publishedWorkflows(
        db,
        sql`${workflowVersions.definition}->>'trigger_id' in ('reduced_log_volume', 'triple_lockout')`,
      )
    ).map((w) => w.definition.trigger_id),
  );
  if (inUse.has('reduced_log_volume')) {
    const windowMs = VOLUME_WINDOW_MINUTES * 60_000;
    const window = new Date(Math.floor(at.getTime() / windowMs) * windowMs).toISOString();
    const drops = await logVolumeDrops(db, at);
    await queueWorkflowEvents(
      db,
      drops.map((drop) => ({
        trigger: 'reduced_log_volume',
        customerId: drop.customerId,
        key: `${drop.customerId}:${window}`,
        data: {
          volume: {
            previous_count: drop.previous,
            current_count: drop.current,
            drop_percent: drop.dropPercent,
            window_end: at.toISOString(),
          },
        },
      })),
    );
    if (drops.length) log.info(`${LOG_SIGNALS_JOB}: ${drops.length} customer(s) with reduced log volume`);
  }
  if (inUse.has('triple_lockout')) {
    const found = await tripleLockouts(db, new Date(at.getTime() - LOOKBACK_MS), at);
    await queueWorkflowEvents(
      db,
      found.map((lockout) => ({
        trigger: 'triple_lockout',
        customerId: lockout.customerId,
        key: `${lockout.customerId}:${lockout.eventId}`,
        data: {
          lockout: {
            account: lockout.account,
            count: 3,
            first_at: lockout.firstAt.toISOString(),
            last_at: lockout.lastAt.toISOString(),
            host: lockout.host,
          },
        },
      })),
    );
  }
}

export const LOG_SIGNALS_JOB_KIND: JobKind = { run: detectLogSignals };
