import { and, eq } from 'drizzle-orm';
import { workflowSteps } from '../../../db/schema/index.ts';
import type { Db } from '../../../db/types.ts';

/** Time past a step's timeout after which an attempt that marked a send is taken for dead. */
const GRACE_MS = 30_000;

const markOf = (key: string, at: Date) => `${key}:sending:${at.getTime()}`;

/**
 * Before an action that leaves the database (an HTTP call, an integration's message) runs, the
 * step's effect_key records that it is sending, committed: the send cannot share the step's
 * transaction. An attempt that finds the mark of one that never finished knows the message may
 * have gone, and fails the step rather than send it twice ('interrupted'); while that attempt
 * could still be running (within its timeout), it waits ('busy'). The mark is cleared when a send
 * fails in a known way, so retries may send, and replaced by the key when the step succeeds.
 */
export async function claimSend(
  db: Db,
  runId: string,
  index: number,
  key: string,
  timeoutSeconds: number,
  now: Date,
): Promise<'go' | 'busy' | 'interrupted'> {
  return db.transaction(async (tx) => {
    const where = and(eq(workflowSteps.runId, runId), eq(workflowSteps.stepIndex, index));
    const [step] = await tx
      .select({ effectKey: workflowSteps.effectKey })
      .from(workflowSteps)
      .where(where)
      .for('update');
    const marked = step?.effectKey?.startsWith(`${key}:sending:`)
      ? Number(step.effectKey.slice(`${key}:sending:`.length))
      : null;
    if (marked !== null) {
      return now.getTime() < marked + timeoutSeconds * 1000 + GRACE_MS ? 'busy' : 'interrupted';
    }
    await tx
      .update(workflowSteps)
      .set({ effectKey: markOf(key, now) })
      .where(where);
    return 'go';
  });
}

/** Clears a send's mark after a failure whose outcome is known (nothing went, or an error came back). */
export async function releaseSend(db: Db, runId: string, index: number): Promise<void> {
  await db
    .update(workflowSteps)
    .set({ effectKey: null })
    .where(and(eq(workflowSteps.runId, runId), eq(workflowSteps.stepIndex, index)));
}
