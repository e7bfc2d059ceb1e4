import { badRequest } from '../../errors.ts';

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

export function resolvePeriod(period: SearchPeriod | undefined, now = new Date()): ResolvedPeriod {
  if (period?.from !== undefined || period?.to !== undefined) {
    const from = period.from ? new Date(period.from) : null;
    const to = period.to ? new Date(period.to) : now;
    if (from && Number.isNaN(from.getTime())) throw badRequest('period.from', 'is not a time');
    if (Number.isNaN(to.getTime())) throw badRequest('period.to', 'is not a time');
    if (from && from > to) throw badRequest('period.from', 'must be before period.to');
    return { from, to };
  }
  const range = period?.range ?? DEFAULT_RANGE_SECONDS;
  if (range <= 0) return { from: null, to: now };
  return { from: new Date(now.getTime() - range * 1000), to: now };
}
