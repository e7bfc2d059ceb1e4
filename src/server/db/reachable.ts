import type { Db } from './types.ts';

/** How long a successful check of the database answers for. */
export const REACHABLE_FOR_MS = 1000;

const lastChecks = new WeakMap<Db, { at: number; pending: Promise<void> | null }>();

/**
 * Resolves when the database answered `select 1` within the last second, else asks it again;
 * concurrent callers share one question. Health checks from load balancers and agents arrive many
 * times a second, and each would otherwise wait its turn on the database (PGlite runs one
 * statement at a time). A failure is never remembered: the next caller asks again.
 */
export async function databaseReachable(db: Db, now: () => number = Date.now): Promise<void> {
  let check = lastChecks.get(db);
  if (!check) {
    check = { at: Number.NEGATIVE_INFINITY, pending: null };
    lastChecks.set(db, check);
  }
  if (now() - check.at < REACHABLE_FOR_MS) return;
  const current = check;
  current.pending ??= db
    .execute('select 1')
    .then(() => {
      current.at = now();
    })
    .finally(() => {
      current.pending = null;
    });
  await current.pending;
}
