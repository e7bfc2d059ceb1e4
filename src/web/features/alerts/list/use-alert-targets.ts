import { useMemo } from 'react';
import type { BulkTargets } from '../../../../../machines/bulk-triage/bulk-triage.context.ts';
import { BULK_LIMIT } from '../../../../api/limits.ts';
import type { AlertFilter, AlertSummary, DateRange } from '../types.ts';
import type { Period } from './address-filters.ts';
import type { ListFilters } from './use-alerts-table.ts';

export interface TargetInputs {
  rows: readonly AlertSummary[];
  filtered: readonly AlertSummary[];
  selected: readonly number[];
  allMatching: boolean;
  filters: ListFilters;
  customerIds: readonly string[];
  days: DateRange;
  title: string | null;
  /** A creation period from the address; the server's bulk filter has none, so such rows go by id. */
  period: Period | null;
  /** The moment the list was read (the server's `as_of`); "update all" sends it back. */
  asOf: string | null;
}

/** The server-side form of the list's filters ("update all" sends it as `filter`). */
export function serverFilter(inputs: TargetInputs): AlertFilter {
  const { filters, customerIds, days, title } = inputs;
  return {
    customer_ids: customerIds.length ? [...customerIds] : undefined,
    statuses: filters.statuses.length ? (filters.statuses as AlertFilter['statuses']) : undefined,
    priorities: filters.priorities.length ? (filters.priorities as AlertFilter['priorities']) : undefined,
    case: filters.caseFilter === 'all' ? undefined : filters.caseFilter,
    days: days === -1 ? undefined : days,
    title: title ?? undefined,
  };
}

/**
 * What a bulk update acts on. Picked rows go by id with the versions the list read. "All
 * matching" goes by the list's filter when the server can apply the same filter; the keyword
 * filter is the browser's own (spec 1, section 5 rules), so with a keyword the matching rows go
 * by id instead, so that exactly the rows on screen change.
 */
export function useAlertTargets(inputs: TargetInputs) {
  const { rows, filtered, selected, allMatching, filters } = inputs;
  // Rebuilt only when a part changes, so the returned builder is stable between renders.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the parts listed are what the inputs hold
  const stable = useMemo(
    () => inputs,
    [
      rows,
      filtered,
      selected,
      allMatching,
      filters,
      inputs.customerIds,
      inputs.days,
      inputs.title,
      inputs.period,
      inputs.asOf,
    ],
  );
  const byId = useMemo(() => new Map(rows.map((r) => [r.id, r])), [rows]);

  return useMemo(() => {
    const idsTarget = (ids: readonly number[]): BulkTargets => {
      const versions: Record<number, number> = {};
      const statuses = new Set<string>();
      for (const id of ids) {
        const row = byId.get(id);
        if (!row) continue;
        versions[id] = row.version;
        statuses.add(row.status);
      }
      return { mode: 'ids', ids: [...ids], versions, statuses: [...statuses] };
    };
    const build = (): BulkTargets => {
      if (!allMatching) return idsTarget(selected);
      if (filters.keyword.trim() || stable.period)
        return idsTarget(filtered.slice(0, BULK_LIMIT).map((r) => r.id));
      const statuses = new Set<string>();
      for (const row of filtered) statuses.add(row.status);
      return {
        mode: 'filter',
        filter: serverFilter(stable) as Record<string, unknown>,
        count: filtered.length,
        asOf: stable.asOf,
        statuses: [...statuses],
      };
    };
    return { byId, build };
  }, [byId, allMatching, selected, filtered, filters, stable]);
}
