import { sql } from 'drizzle-orm';
import { resultRows, VISIBLE_LOG_EVENTS } from '../../db/tenancy.ts';
import type { Db } from '../../db/types.ts';
import { geoipReader, type Place, placeOf } from '../../platform/geoip.ts';
import { type StoredSearch, whereOf } from './search.ts';

/** The caller's customers' events (a view applying the tenant predicate; see db/tenancy.ts). */
const EVENTS = sql.raw(VISIBLE_LOG_EVENTS);

/** Addresses the map shows at most, the busiest first. */
export const MAP_ADDRESSES = 500;

export type GeoipState = 'located' | 'not_configured' | 'unreadable';

const GEOIP_MESSAGES: Record<Exclude<GeoipState, 'located'>, string> = {
  not_configured:
    'No GeoIP database is configured (GEOIP_DATABASE), so the addresses are listed without places.',
  unreadable:
    'The GeoIP database (GEOIP_DATABASE) could not be read, so the addresses are listed without places.',
};

/**
 * The search's source addresses (`src_ip`) with their event counts, exact, the busiest first,
 * each placed by the GeoIP database when one is configured; without one the answer says so.
 * `search` is null when nothing is scanned (yet, or ever: a cancelled search).
 */
export async function sourceAddressMap(
  tx: Db,
  search: StoredSearch | null,
  geoipDatabase: string | undefined,
) {
  const where = search ? whereOf(search) : sql`false`;
  const rows = search
    ? resultRows<{ address: string; count: number }>(
        await tx.execute(sql`select host(src_ip) as address, count(*)::int as count from ${EVENTS}
      where ${where} and src_ip is not null group by src_ip order by 2 desc, src_ip limit ${MAP_ADDRESSES}`),
      )
    : [];
  const [totals] = search
    ? resultRows<{ addresses: number; events: number }>(
        await tx.execute(sql`select count(distinct src_ip)::int as addresses, count(src_ip)::int as events
      from ${EVENTS} where ${where}`),
      )
    : [];
  let state: GeoipState = geoipDatabase ? 'located' : 'not_configured';
  let place = (_address: string): Place => ({ country: null, latitude: null, longitude: null });
  if (geoipDatabase) {
    try {
      const reader = await geoipReader(geoipDatabase);
      place = (address) => placeOf(reader, address);
    } catch {
      state = 'unreadable';
    }
  }
  return {
    geoip: state,
    message: state === 'located' ? null : GEOIP_MESSAGES[state],
    total_addresses: totals?.addresses ?? 0,
    events_with_address: totals?.events ?? 0,
    addresses: rows.map((row) => ({ ...row, ...place(row.address) })),
  };
}
