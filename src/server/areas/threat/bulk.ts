import { and, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import { bulkCsv } from '../../../common/threat-bulk.ts';
import type { Principal } from '../../auth/principal.ts';
import { customerIndicators, threatIndicators } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { badRequest } from '../../errors.ts';
import type { ResultOf } from '../../platform/handler.ts';
import { type BulkBreach, bulkBreaches } from './bulk-breach.ts';
import type { IndicatorKind } from './feeds/entry.ts';
import { type Classified, classify } from './refang.ts';
import { recordSightings } from './sightings.ts';
import { warningListed } from './warning-list.ts';

/** At most this many distinct indicators a request: a larger file is split by whoever sends it. */
export const BULK_LIMIT = 10_000;
const CHUNK = 500;

type BulkResult = ResultOf<'bulkThreatLookup'>;
type Row = BulkResult['results'][number];

/** The lines of a file: refanged, classified, deduplicated (first line wins); what is no indicator counted. */
export function readBulkText(text: string) {
  const seen = new Map<string, { line: number; classified: Classified }>();
  let unrecognised = 0;
  let duplicates = 0;
  const lines = text.split(/\r?\n/);
  for (const [index, raw] of lines.entries()) {
    if (!raw.trim() || raw.trim().startsWith('#')) continue;
    const classified = classify(raw);
    if (!classified) {
      unrecognised++;
      continue;
    }
    const key = `${classified.kind} ${classified.value}`;
    if (seen.has(key)) duplicates++;
    else seen.set(key, { line: index + 1, classified });
  }
  if (seen.size > BULK_LIMIT)
    throw badRequest('text', `holds ${seen.size} indicators; at most ${BULK_LIMIT} can be looked up at once`);
  return { items: [...seen.values()], unrecognised, duplicates };
}

type Verdict = Pick<Row, 'det' | 'risk' | 'country' | 'threat_categories' | 'malware_group' | 'source'>;
const UNKNOWN: Verdict = {
  det: 'U',
  risk: 0,
  country: null,
  threat_categories: [],
  malware_group: null,
  source: null,
};
const keyOf = (kind: string, value: string) => `${kind} ${value}`;

/** Whose own indicators a caller is told: a customer user's customers'; staff are told the shared store's. */
export const ownIndicatorCustomers = (principal: Principal): readonly string[] =>
  principal.scope.global ? [] : principal.scope.customerIds;

/** The store's verdicts on many values at once: shared, warning lists, and these customers' own. */
export async function verdicts(
  tx: Db,
  ownCustomers: readonly string[],
  lookups: { kind: IndicatorKind; value: string }[],
) {
  const found = new Map<string, Verdict>();
  const now = new Date();
  for (let i = 0; i < lookups.length; i += CHUNK) {
    const chunk = lookups.slice(i, i + CHUNK);
    const byKind = (table: typeof threatIndicators | typeof customerIndicators) =>
      or(
        ...(['ip', 'domain', 'file'] as const).map((kind) => {
          const values = chunk.filter((l) => l.kind === kind).map((l) => l.value);
          return values.length ? and(eq(table.kind, kind), inArray(table.value, values)) : undefined;
        }),
      );
    const shared = await tx
      .select()
      .from(threatIndicators)
      .where(
        and(
          byKind(threatIndicators),
          or(isNull(threatIndicators.expiresAt), gt(threatIndicators.expiresAt, now)),
        ),
      );
    for (const r of shared)
      found.set(keyOf(r.kind, r.value), {
        det: r.det === 'B' || r.det === 'G' ? r.det : 'U',
        risk: r.risk,
        country: r.country,
        threat_categories: r.threatCategories,
        malware_group: r.malwareGroup,
        source: r.source,
      });
    if (ownCustomers.length) {
      const own = await tx
        .select()
        .from(customerIndicators)
        .where(
          and(
            inArray(customerIndicators.customerId, [...ownCustomers]),
            byKind(customerIndicators),
            or(isNull(customerIndicators.expiresAt), gt(customerIndicators.expiresAt, now)),
          ),
        );
      for (const r of own) {
        const before = found.get(keyOf(r.kind, r.value));
        if (before?.source === 'customer' && before.risk >= r.risk) continue;
        found.set(keyOf(r.kind, r.value), {
          det: r.det === 'B' || r.det === 'G' ? r.det : 'U',
          risk: r.risk,
          country: before?.country ?? null,
          threat_categories: r.threatCategories,
          malware_group: r.malwareGroup,
          source: 'customer',
        });
      }
    }
    for (const key of await warningListed(tx, chunk)) {
      found.set(key, {
        ...UNKNOWN,
        det: 'G',
        country: found.get(key)?.country ?? null,
        source: 'warning list',
      });
    }
  }
  return found;
}

/**
 * Scores every line of a file and records each indicator looked up as a sighting; e-mail
 * addresses get a breach query when breach look-ups are configured. `started` are the breach
 * look-ups whose jobs the caller queues once this transaction has committed.
 */
export async function bulkLookup(
  tx: Db,
  principal: Principal,
  text: string,
  breachConfigured = false,
): Promise<BulkResult & { started: string[] }> {
  const { items, unrecognised, duplicates } = readBulkText(text);
  const emails = items.filter((i) => i.classified.kind === 'email').map((i) => i.classified.value);
  const breach = await bulkBreaches(tx, principal, emails, breachConfigured);
  const lookups = items.flatMap((i) => (i.classified.lookup ? [i.classified.lookup] : []));
  const unique = [...new Map(lookups.map((l) => [keyOf(l.kind, l.value), l])).values()];
  const found = await verdicts(tx, ownIndicatorCustomers(principal), unique);
  const noBreach: BulkBreach = { note: 'breach_lookup_not_configured', breaches: null };
  await recordSightings(tx, principal, unique, 'bulk');
  const results: Row[] = items.map(({ line, classified }) => {
    const lookup = classified.lookup;
    const verdict = lookup ? (found.get(keyOf(lookup.kind, lookup.value)) ?? UNKNOWN) : UNKNOWN;
    const email = classified.kind === 'email' ? (breach.byAccount.get(classified.value) ?? noBreach) : null;
    return {
      line,
      kind: classified.kind,
      value: classified.value,
      scored: lookup?.value ?? null,
      ...verdict,
      note: email?.note ?? null,
      breaches: email?.breaches ?? null,
    };
  });
  return {
    results,
    counts: { indicators: results.length, unrecognised, duplicates },
    started: breach.started,
  };
}

/** The results as CSV through the shared writer (formula cells neutralised). */
export const bulkResultCsv = (result: BulkResult): string => bulkCsv(result.results);
