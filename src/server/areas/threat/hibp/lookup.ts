import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Principal } from '../../../auth/principal.ts';
import { breachLookups } from '../../../db/schema/index.ts';
import type { Db } from '../../../db/types.ts';
import { queueWorkflowEvents } from '../../../platform/workflow-events.ts';

export type BreachLookupRow = typeof breachLookups.$inferSelect;

/** A finished look-up older than this is asked again (breaches are added to the provider daily). */
export const BREACH_FRESH_MS = 24 * 60 * 60_000;
/** Spec 2, section 4: other callers poll an account in progress every 10 s. */
export const BREACH_POLL_SECONDS = 10;

/** Whose look-up it is: a customer user's belongs to their (first) customer, a staff one to none. */
export const breachOwner = (principal: Principal) =>
  principal.scope.global ? null : (principal.scope.customerIds[0] ?? null);

function ownerIs(principal: Principal, account: string) {
  const customerId = breachOwner(principal);
  return and(
    eq(breachLookups.partnerId, principal.scope.partnerId),
    customerId ? eq(breachLookups.customerId, customerId) : isNull(breachLookups.customerId),
    eq(breachLookups.account, account),
  );
}

/**
 * The caller's look-up of the account, started (in progress) when there is none, when the last
 * one is stale, or when `again` asks to retry a failed one. `started` says whether a job is due.
 */
export async function ensureBreachLookup(
  tx: Db,
  principal: Principal,
  account: string,
  again = false,
  now = new Date(),
): Promise<{ row: BreachLookupRow; started: boolean }> {
  const [existing] = await tx.select().from(breachLookups).where(ownerIs(principal, account));
  const stale =
    existing?.status === 'done' && now.getTime() - (existing.finishedAt?.getTime() ?? 0) > BREACH_FRESH_MS;
  if (existing && !stale && !(again && existing.status === 'failed'))
    return { row: existing, started: false };
  const restart = {
    status: 'in_progress',
    attempts: 0,
    lastError: null,
    requestedBy: principal.scope.userId,
    requestedAt: now,
    finishedAt: null,
  };
  if (existing) {
    // Only one caller restarts it: the others find it in progress and poll.
    const [row] = await tx
      .update(breachLookups)
      .set(restart)
      .where(and(eq(breachLookups.id, existing.id), eq(breachLookups.status, existing.status)))
      .returning();
    return row ? { row, started: true } : ensureBreachLookup(tx, principal, account, false, now);
  }
  const [row] = await tx
    .insert(breachLookups)
    .values({ partnerId: principal.scope.partnerId, customerId: breachOwner(principal), account, ...restart })
    .onConflictDoNothing()
    .returning();
  return row ? { row, started: true } : ensureBreachLookup(tx, principal, account, false, now);
}

/** The contract's breach look-up result (spec 2, section 3: kind, account, breaches, timestamp). */
export function breachResult(row: BreachLookupRow) {
  return {
    kind: 'email' as const,
    account: row.account,
    status: row.status as 'in_progress' | 'done' | 'failed',
    breaches: row.breaches,
    timestamp: row.finishedAt?.toISOString() ?? null,
    requested_at: row.requestedAt.toISOString(),
    attempts: row.attempts,
    error: row.status === 'failed' ? (row.lastError ?? 'the look-up failed') : null,
    poll_seconds: row.status === 'in_progress' ? BREACH_POLL_SECONDS : null,
  };
}

/** The job's progress, on the system connection (jobs work outside any caller's scope). */
export async function recordAttempt(db: Db, id: string, attempts: number, error: string | null) {
  await db
    .update(breachLookups)
    .set({ attempts, lastError: error })
    .where(and(eq(breachLookups.id, id), eq(breachLookups.status, 'in_progress')));
}

/**
 * Ends a look-up. Breaches found for a customer's look-up fire the breach-found trigger in the
 * same transaction (a staff look-up belongs to no customer, and runs are a customer's).
 */
export async function finishLookup(
  db: Db,
  id: string,
  outcome: { breaches: BreachLookupRow['breaches'] } | { error: string },
  attempts: number,
  now = new Date(),
) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(breachLookups)
      .set(
        'error' in outcome
          ? { status: 'failed', lastError: outcome.error, attempts, finishedAt: now }
          : { status: 'done', breaches: outcome.breaches, lastError: null, attempts, finishedAt: now },
      )
      .where(and(eq(breachLookups.id, id), eq(breachLookups.status, 'in_progress')))
      .returning();
    if (!row?.customerId || !('breaches' in outcome) || outcome.breaches.length === 0) return;
    await queueWorkflowEvents(tx, [
      {
        trigger: 'breach_found',
        customerId: row.customerId,
        key: `${row.id}:${now.toISOString()}`,
        data: {
          breach: {
            account: row.account,
            count: outcome.breaches.length,
            names: outcome.breaches.map((b) => b.name).join(', '),
          },
        },
      },
    ]);
  });
}

export const lookupIdOf = (payload: unknown) => String((payload as { lookup_id?: unknown }).lookup_id ?? '');

/** Rows for many accounts at once (bulk files): the caller's own look-ups only. */
export async function breachLookupsOf(tx: Db, principal: Principal, accounts: string[]) {
  if (!accounts.length) return [];
  const customerId = breachOwner(principal);
  return tx
    .select()
    .from(breachLookups)
    .where(
      and(
        eq(breachLookups.partnerId, principal.scope.partnerId),
        customerId ? eq(breachLookups.customerId, customerId) : isNull(breachLookups.customerId),
        inArray(breachLookups.account, accounts),
      ),
    );
}
