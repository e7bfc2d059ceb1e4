import { badRequest } from '../../errors.ts';
import { searchTime } from './fields.ts';

/** Default search period: the last 15 minutes (spec 2, section 9). */
export const DEFAULT_RANGE_SECONDS = 15 * 60;

/**
 * A search period: relative (`range` seconds back from now; 0 or -1 is all time) or absolute
 * (`from`, `to`). The spec's time ranges (last minute … 12 months, all time) are relative ranges.
 */
export interface SearchPeriod {
  range?: number;
  from?: string;
  to?: string;
}

export interface ResolvedPeriod {
  from: Date | null;
  to: Date;
}

/** The longest relative period: a hundred years back already reaches before any event. */
export const MAX_RANGE_SECONDS = 100 * 366 * 86_400;

/** The period's bounds; a time beyond the calendar or a range past a hundred years is a 400 naming it. */
export function resolvePeriod(period: SearchPeriod | undefined, now = new Date()): ResolvedPeriod {
  if (period?.from !== undefined || period?.to !== undefined) {
    const from = period.from ? searchTime(period.from, 'period.from') : null;
    const to = period.to ? searchTime(period.to, 'period.to') : now;
    if (from && from > to) throw badRequest('period.from', 'must be before period.to');
    return { from, to };
  }
  const range = period?.range ?? DEFAULT_RANGE_SECONDS;
  if (!Number.isSafeInteger(range) || range > MAX_RANGE_SECONDS)
    throw badRequest(
      'period.range',
      `must be at most ${MAX_RANGE_SECONDS} seconds (a hundred years); 0 is all time`,
    );
  if (range <= 0) return { from: null, to: now };
  return { from: new Date(now.getTime() - range * 1000), to: now };
}
