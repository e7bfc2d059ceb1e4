import type { AlertSummary } from '../types.ts';

/**
 * Merges alerts that changed since the last load into the loaded rows: changed ones are replaced
 * where they are, new ones go first (newest first), as the list is ordered by creation.
 * Returns the same array when nothing changed, so nothing downstream recomputes.
 */
export function mergeChanged(
  rows: readonly AlertSummary[],
  changed: readonly AlertSummary[],
): { rows: readonly AlertSummary[]; added: AlertSummary[] } {
  if (changed.length === 0) return { rows, added: [] };
  const byId = new Map(changed.map((a) => [a.id, a]));
  let replaced = false;
  const next = rows.map((row) => {
    const fresh = byId.get(row.id);
    if (!fresh) return row;
    byId.delete(row.id);
    if (fresh.version === row.version && fresh.updated_at === row.updated_at) return row;
    replaced = true;
    return fresh;
  });
  const added = [...byId.values()].sort((a, b) => (a['@timestamp'] < b['@timestamp'] ? 1 : -1));
  if (!replaced && added.length === 0) return { rows, added };
  return { rows: [...added, ...next], added };
}

/** The newest updated_at of the rows: the server's own clock, so the next refresh misses nothing. */
export function latestUpdate(rows: readonly AlertSummary[]): string | null {
  let latest: string | null = null;
  for (const row of rows) if (latest === null || row.updated_at > latest) latest = row.updated_at;
  return latest;
}
