import { PRIORITIES, STATUSES } from '../../../../common/statuses.ts';
import { DATE_RANGES, type DateRange } from '../types.ts';
import type { ListFilters } from './use-alerts-table.ts';

/** A creation period from the address (`from`, `to`: instants), e.g. one bar of a dashboard chart. */
export interface Period {
  from: string;
  to: string;
}

export interface AddressFilters {
  filters: ListFilters;
  days: DateRange;
  title: string | null;
  period: Period | null;
}

const STATUS_KEYS = new Set<string>(STATUSES.map((s) => s.key));
const PRIORITY_KEYS = new Set<string>(PRIORITIES);
const isInstant = (value: string | null): value is string => !!value && !Number.isNaN(Date.parse(value));

/**
 * The list's filters as a link gives them (/alerts?priority=high&status=new&q=…&days=7&from=…&to=…),
 * so another screen (the omnibox, the dashboard) can open the matching alerts. `priority` and
 * `status` repeat; unknown values are ignored rather than failing the list.
 */
export function addressFilters(search: string): AddressFilters {
  const address = new URLSearchParams(search);
  const days = Number(address.get('days'));
  const from = address.get('from');
  const to = address.get('to');
  return {
    filters: {
      keyword: address.get('q')?.trim() ?? '',
      statuses: address.getAll('status').filter((s) => STATUS_KEYS.has(s)),
      priorities: address.getAll('priority').filter((p) => PRIORITY_KEYS.has(p)),
      caseFilter: 'all',
    },
    days: (DATE_RANGES as readonly number[]).includes(days) ? (days as DateRange) : -1,
    title: address.get('title')?.trim() || null,
    period: isInstant(from) && isInstant(to) ? { from, to } : null,
  };
}
