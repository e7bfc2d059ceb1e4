import { eq } from 'drizzle-orm';
import { REACH_GONE_MESSAGES, reachNow } from '../../../auth/reach-now.ts';
import { hibpSettings } from '../../../config.ts';
import { breachLookups } from '../../../db/schema/index.ts';
import type { Db } from '../../../db/types.ts';
import { enqueueJob } from '../../../jobs/queue.ts';
import type { JobKind } from '../../../jobs/types.ts';
import { BreachProviderRefused, HibpClient } from './client.ts';
import { finishLookup, lookupIdOf, recordAttempt } from './lookup.ts';

export const BREACH_JOB = 'breach-lookup';
/** Spec 2, section 9: up to 5 attempts. */
export const BREACH_ATTEMPTS = 5;

/**
 * Spec 2, section 9: the wait before retry `attempt` is attempt × (5 s + random jitter up to 30 s).
 * The unit and jitter are parameters so tests run the same rule on a shorter scale.
 */
export function breachBackoff(unitMs = 5_000, jitterMs = 30_000, random: () => number = Math.random) {
  return (attempt: number) => attempt * (unitMs + random() * jitterMs);
}

let sharedClient: HibpClient | undefined;
/** One client a process, so the token bucket holds across jobs. */
function defaultClient(): HibpClient {
  sharedClient ??= new HibpClient(hibpSettings());
  return sharedClient;
}

export interface BreachJobOptions {
  client?: HibpClient;
  backoffMs?: (attempt: number) => number;
  now?: () => Date;
}

/**
 * The breach-lookup job: one look-up of one account. A failed attempt is retried by the runner
 * with the spec's backoff; the last failed attempt, or a refusal retrying cannot fix, marks the
 * look-up failed, which ends the callers' polling.
 */
export function breachLookupJob(options: BreachJobOptions = {}): JobKind {
  const now = options.now ?? (() => new Date());
  return {
    maxAttempts: BREACH_ATTEMPTS,
    backoffMs: options.backoffMs ?? breachBackoff(),
    run: async ({ db, job, log }) => {
      const id = lookupIdOf(job.payload);
      const [row] = await db.select().from(breachLookups).where(eq(breachLookups.id, id));
      if (row?.status !== 'in_progress') return;
      // Looked up for whoever asked, as they are now: a customer they still see, or staff reach.
      const reach = await reachNow(db, { userId: row.requestedBy, partnerId: row.partnerId });
      const reaches =
        reach.active &&
        (row.customerId
          ? reach.principal.scope.customerIds.includes(row.customerId)
          : reach.principal.scope.global);
      if (!reaches) {
        const reason = reach.active ? 'no_customers' : reach.reason;
        await finishLookup(db, id, { error: REACH_GONE_MESSAGES[reason] }, job.attempts, now());
        log.warn(`${BREACH_JOB}: refused: ${reason}`);
        return;
      }
      const client = options.client ?? defaultClient();
      try {
        const breaches = await client.breaches(row.account);
        await finishLookup(db, id, { breaches }, job.attempts, now());
        log.info(`${BREACH_JOB}: ${breaches.length} breach(es) found`);
      } catch (error) {
        const message = (error as Error).message;
        if (error instanceof BreachProviderRefused || job.attempts >= BREACH_ATTEMPTS) {
          await finishLookup(db, id, { error: message }, job.attempts, now());
          log.warn(`${BREACH_JOB}: failed after ${job.attempts} attempt(s): ${message}`);
          return;
        }
        await recordAttempt(db, id, job.attempts, message);
        throw error;
      }
    },
  };
}

/** Queues the look-up's job (one pending job per look-up). */
export async function enqueueBreachLookup(db: Db, lookupId: string) {
  await enqueueJob(db, BREACH_JOB, { lookup_id: lookupId }, { singletonKey: lookupId });
}
