import type { Principal } from '../../auth/principal.ts';
import type { Db } from '../../db/types.ts';
import { badRequest } from '../../errors.ts';
import { BREACH_FRESH_MS, breachLookupsOf, ensureBreachLookup } from './hibp/lookup.ts';

/** E-mail addresses a file may ask breach queries for: each is a provider call, rate-limited. */
export const BULK_BREACH_LIMIT = 1_000;

export type BreachNote =
  | 'breach_lookup_not_configured'
  | 'breach_lookup_in_progress'
  | 'breach_lookup_done'
  | 'breach_lookup_failed';

export interface BulkBreach {
  note: BreachNote;
  breaches: number | null;
}

/**
 * Breach queries for a file's e-mail addresses: the caller's own look-ups where fresh, new ones
 * started (in progress) otherwise. `started` are the look-ups whose jobs are to be queued.
 */
export async function bulkBreaches(
  tx: Db,
  principal: Principal,
  accounts: string[],
  configured: boolean,
  now = new Date(),
): Promise<{ byAccount: Map<string, BulkBreach>; started: string[] }> {
  const byAccount = new Map<string, BulkBreach>();
  const started: string[] = [];
  if (!configured) {
    for (const account of accounts)
      byAccount.set(account, { note: 'breach_lookup_not_configured', breaches: null });
    return { byAccount, started };
  }
  if (accounts.length > BULK_BREACH_LIMIT)
    throw badRequest(
      'text',
      `holds ${accounts.length} e-mail addresses; at most ${BULK_BREACH_LIMIT} can be checked for breaches at once`,
    );
  const known = new Map((await breachLookupsOf(tx, principal, accounts)).map((r) => [r.account, r]));
  for (const account of accounts) {
    let row = known.get(account);
    const stale =
      row?.status === 'done' && now.getTime() - (row.finishedAt?.getTime() ?? 0) > BREACH_FRESH_MS;
    if (!row || stale) {
      const result = await ensureBreachLookup(tx, principal, account, false, now);
      row = result.row;
      if (result.started) started.push(row.id);
    }
    byAccount.set(account, {
      note: `breach_lookup_${row.status}` as BreachNote,
      breaches: row.status === 'done' ? row.breaches.length : null,
    });
  }
  return { byAccount, started };
}
