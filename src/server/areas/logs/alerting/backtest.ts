import { sql } from 'drizzle-orm';
import type { savedSearches } from '../../../db/schema/index.ts';
import { resultRows, VISIBLE_LOG_EVENTS } from '../../../db/tenancy.ts';
import type { Db } from '../../../db/types.ts';
import { type MuteSpan, muteHoldingAt, muteSpans } from '../../mutes/index.ts';
import { whereOf } from '../search.ts';
import { ruleAlert } from './rule-alert.ts';
import { ruleSearch } from './rule-search.ts';

/** The caller's customers' events (a view applying the tenant predicate; see db/tenancy.ts). */
const EVENTS = sql.raw(VISIBLE_LOG_EVENTS);

type SavedRow = typeof savedSearches.$inferSelect;

export const BACKTEST_DAYS = 7;
/** Firings listed at most; the totals count all of them. */
const LISTED = 500;

export interface BacktestFiring {
  time: string;
  customer_id: string;
  count: number;
  outcome: 'fired' | 'suppressed';
  reason: 'realert' | 'muted' | null;
  /** The mute that would have held the alert, for a muted firing. */
  mute: { id: string; description: string } | null;
}

export interface BacktestRule {
  /** The saved rule's id, when the saved search has one (mute conditions may name it). */
  id: string | null;
  periodSeconds: number;
  threshold: number;
  realertMinutes: number;
  priority: string;
}

/**
 * When the rule would have fired over the last seven days, had it run every minute as the job
 * does: one query counts the search's events per customer and minute, then a sliding window of
 * the period gives each minute's count, and the threshold and realert are applied as at run time.
 * Mutes are replayed as they held then (from creation until expiry or unmuting): a firing a mute
 * would have held is suppressed, naming the mute; as at run time it still starts the realert wait.
 */
export async function backtestRule(
  tx: Db,
  saved: SavedRow,
  customerIds: readonly string[],
  rule: BacktestRule,
  now = new Date(),
) {
  const periodMinutes = rule.periodSeconds / 60;
  const end = Math.floor(now.getTime() / 60_000);
  const start = end - BACKTEST_DAYS * 1440;
  const search = ruleSearch(saved, customerIds, new Date(end * 60_000), (end - start + periodMinutes) * 60);
  const rows = resultRows<{ customer_id: string; minute: number; n: number }>(
    await tx.execute(sql`select customer_id, floor(extract(epoch from time) / 60)::int as minute, count(*)::int as n
      from ${EVENTS} where ${whereOf(search)} group by 1, 2 order by 1, 2`),
  );
  const byCustomer = new Map<string, Map<number, number>>();
  for (const row of rows) {
    const minutes = byCustomer.get(row.customer_id) ?? new Map<number, number>();
    minutes.set(row.minute, row.n);
    byCustomer.set(row.customer_id, minutes);
  }
  const spans = await muteSpans(tx, [...byCustomer.keys()], new Date(start * 60_000));
  const mutedBy = (customerId: string, count: number, t: number): MuteSpan | null =>
    spans.length === 0
      ? null
      : muteHoldingAt(
          spans,
          { ...ruleAlert(saved, rule, customerId, count), hostName: null },
          new Date(t * 60_000),
        );
  const firings: BacktestFiring[] = [];
  let fired = 0;
  let muted = 0;
  let suppressed = 0;
  for (const [customerId, minutes] of byCustomer) {
    // A run at minute t counts events of minutes [t - period, t).
    let window = 0;
    for (let m = start - periodMinutes; m < start; m++) window += minutes.get(m) ?? 0;
    let lastFired = Number.NEGATIVE_INFINITY;
    for (let t = start; t <= end; t++) {
      if (t > start) window += (minutes.get(t - 1) ?? 0) - (minutes.get(t - 1 - periodMinutes) ?? 0);
      if (window < rule.threshold) continue;
      const held = rule.realertMinutes > 0 && t - lastFired < rule.realertMinutes;
      // Realert counts from the last alert raised, muted or not, as at run time.
      const mute = held ? null : mutedBy(customerId, window, t);
      if (!held) lastFired = t;
      if (held) suppressed++;
      else if (mute) muted++;
      else fired++;
      if (firings.length < LISTED)
        firings.push({
          time: new Date(t * 60_000).toISOString(),
          customer_id: customerId,
          count: window,
          outcome: held || mute ? 'suppressed' : 'fired',
          reason: held ? 'realert' : mute ? 'muted' : null,
          mute: mute ? { id: mute.id, description: mute.description } : null,
        });
    }
  }
  firings.sort((a, b) => a.time.localeCompare(b.time) || a.customer_id.localeCompare(b.customer_id));
  return {
    from: new Date(start * 60_000).toISOString(),
    to: new Date(end * 60_000).toISOString(),
    fired,
    suppressed: suppressed + muted,
    muted,
    firings,
  };
}
