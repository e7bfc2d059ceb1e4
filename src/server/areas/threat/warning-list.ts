import { and, eq, inArray, or } from 'drizzle-orm';
import { threatWarningList } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import type { IndicatorKind } from './feeds/entry.ts';

/** A domain and every parent domain above it (`a.b.example.com` → itself, `b.example.com`, `example.com`). */
export function domainAndParents(domain: string): string[] {
  const labels = domain.split('.');
  const names: string[] = [];
  for (let i = 0; i < labels.length - 1; i++) names.push(labels.slice(i).join('.'));
  return names;
}

/** The values a warning list entry would cover for this indicator: a domain's parents count too. */
function candidates(kind: IndicatorKind, value: string): string[] {
  return kind === 'domain' ? domainAndParents(value) : [value];
}

/** The warning list that names this value as known good, if any. */
export async function warningListOf(tx: Db, kind: IndicatorKind, value: string): Promise<string | null> {
  const [row] = await tx
    .select({ list: threatWarningList.list })
    .from(threatWarningList)
    .where(and(eq(threatWarningList.kind, kind), inArray(threatWarningList.value, candidates(kind, value))))
    .limit(1);
  return row?.list ?? null;
}

/** Of these indicators, the keys (`kind value`) a warning list covers. */
export async function warningListed(
  tx: Db,
  items: readonly { kind: IndicatorKind; value: string }[],
): Promise<Set<string>> {
  const covered = new Set<string>();
  if (items.length === 0) return covered;
  const byKind = new Map<IndicatorKind, Set<string>>();
  for (const item of items) {
    const set = byKind.get(item.kind) ?? new Set<string>();
    for (const candidate of candidates(item.kind, item.value)) set.add(candidate);
    byKind.set(item.kind, set);
  }
  const rows = await tx
    .select({ kind: threatWarningList.kind, value: threatWarningList.value })
    .from(threatWarningList)
    .where(
      or(
        ...[...byKind].map(([kind, values]) =>
          and(eq(threatWarningList.kind, kind), inArray(threatWarningList.value, [...values])),
        ),
      ),
    );
  const listed = new Set(rows.map((r) => `${r.kind} ${r.value}`));
  for (const item of items) {
    if (candidates(item.kind, item.value).some((c) => listed.has(`${item.kind} ${c}`)))
      covered.add(`${item.kind} ${item.value}`);
  }
  return covered;
}
