import { eq, sql } from 'drizzle-orm';
import { savedSearches } from '../../../db/schema/index.ts';
import { resultRows } from '../../../db/tenancy.ts';
import type { Db } from '../../../db/types.ts';
import { countOf, ruleSearch, searchPage } from '../../logs/index.ts';
import type { DeviceScope } from '../azure-scope.ts';
import { endExclusive, type Period } from '../period.ts';
import { hostOfScope } from './devices.ts';

/**
 * The report's saved search over the period, for one customer: how many events it finds and the
 * newest `limit` of them. Read in the caller's transaction, so row-level security hides a saved
 * search they may not see and every other customer's events; the search is narrowed to this one
 * customer, and to nothing when it was saved for other customers.
 */
export async function readSavedSearch(
  tx: Db,
  customerId: string,
  period: Period,
  limit: number,
  savedSearchId: string | null,
  scope: DeviceScope | null = null,
) {
  const [saved] = savedSearchId
    ? await tx.select().from(savedSearches).where(eq(savedSearches.id, savedSearchId))
    : [];
  if (!saved) return { available: false as const, name: null, total: 0, events: [] };
  const to = new Date(new Date(endExclusive(period)).getTime() - 1);
  const from = new Date(`${period.start}T00:00:00Z`);
  const search = ruleSearch(saved, [customerId], to, (to.getTime() - from.getTime()) / 1000);
  if (search.customer_ids.length === 0)
    return { available: true as const, name: saved.name, total: 0, events: [] };
  if (scope) {
    // Narrowed to the Azure groups' devices: events whose host is one of them, as the devices and
    // the customer's agents on them spell it.
    const agentHosts = resultRows<{ host_name: string }>(
      await tx.execute(sql`select distinct host_name from agents
        where customer_id = ${customerId} and ${hostOfScope(scope, sql.raw('host_name'))}`),
    ).map((row) => row.host_name);
    const hosts = [...new Set([...scope.deviceNames, ...scope.hostNames, ...agentHosts])];
    if (hosts.length === 0) return { available: true as const, name: saved.name, total: 0, events: [] };
    search.filters = [...search.filters, { field: 'host', operator: 'in', value: hosts }];
  }
  const [total, page] = [await countOf(tx, search), await searchPage(tx, search, limit, undefined)];
  return {
    available: true as const,
    name: saved.name,
    total,
    events: page.results.map((hit) => ({
      time: hit.time,
      source: hit.source,
      host: hit.host,
      user: hit.user,
      severity: hit.severity,
      message: hit.message,
    })),
  };
}
