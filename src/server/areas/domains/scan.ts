import { and, eq, inArray } from 'drizzle-orm';
import type { OutboundSettings } from '../../config.ts';
import { customers, lookalikes, monitoredDomains, threatIndicators } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { queueWorkflowEvents } from '../../platform/workflow-events.ts';
import { createAlertRecord } from '../alerts/index.ts';
import { countryOf, registrationDate } from './enrich.ts';
import { type Candidate, generateCandidates } from './fuzzers/index.ts';
import { type Observation, observe } from './observe.ts';
import { scanPrincipal } from './principal.ts';
import type { DnsClient } from './resolver.ts';
import { classify, confidenceOf, riskBreakdown, riskOf } from './risk.ts';
import type { LookalikeSettings } from './settings.ts';
import { advance, type LookalikeState, type Tracked, UNREGISTERED } from './state.ts';
import { topSiteRanks } from './top-sites.ts';

type DomainRow = typeof monitoredDomains.$inferSelect;
type LookalikeRow = typeof lookalikes.$inferSelect;

export interface ScanDeps {
  dns: DnsClient;
  settings: LookalikeSettings;
  now?: Date;
  /** Names resolved at once. */
  concurrency?: number;
}

export interface ScanResult {
  candidates: number;
  registered: number;
  inconclusive: number;
  changed: number;
}

const DAY_MS = 86_400_000;

/** Runs fn over items with at most `limit` at once, keeping the order of results. */
async function pool<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

const stateOf = (row: LookalikeRow): LookalikeState => ({
  registered: row.registered,
  resolves: row.resolves,
  hasMx: row.hasMx,
  servesPage: row.servesPage,
});

function observedState(o: Observation): LookalikeState | null {
  if (o.outcome === 'inconclusive') return null;
  return {
    registered: o.outcome === 'registered',
    resolves: o.resolves,
    hasMx: o.hasMx,
    servesPage: o.servesPage,
  };
}

/** What changed, in words an alert title can carry. */
function changeText(before: LookalikeState, after: LookalikeState): string {
  if (!before.registered && after.registered) return 'registered';
  if (before.registered && !after.registered) return 'no longer registered';
  const parts: string[] = [];
  if (after.hasMx !== before.hasMx) parts.push(after.hasMx ? 'now takes mail' : 'no longer takes mail');
  if (after.servesPage !== before.servesPage)
    parts.push(after.servesPage ? 'now serves a page' : 'no longer serves a page');
  if (after.resolves !== before.resolves) parts.push(after.resolves ? 'now resolves' : 'no longer resolves');
  return parts.join(', ');
}

/** Resolves every candidate, `concurrency` at a time; wildcard answers of parent zones are asked once. */
export function observeCandidates(
  candidates: readonly Candidate[],
  dns: DnsClient,
  httpPort: number | null,
  concurrency = 32,
  outbound?: OutboundSettings,
): Promise<Observation[]> {
  const wildcardCache = new Map<string, Promise<string[]>>();
  return pool(candidates, concurrency, (c) => observe(c.name, { dns, httpPort, wildcardCache, outbound }));
}

/**
 * One scan of one monitored domain: every candidate resolved, each lookalike's state advanced
 * (changing only after repeated observations) and an alert raised for each change.
 */
export async function scanDomain(db: Db, domain: DomainRow, deps: ScanDeps): Promise<ScanResult> {
  const now = deps.now ?? new Date();
  // The domain's own dictionary and suffix lists when it has them, else the defaults.
  const candidates = generateCandidates(domain.name, {
    words: domain.fuzzWords ?? undefined,
    tlds: domain.fuzzTlds ?? undefined,
  });
  const existing = new Map(
    (await db.select().from(lookalikes).where(eq(lookalikes.domainUid, domain.uid))).map((r) => [r.name, r]),
  );
  const observations = await observeCandidates(
    candidates,
    deps.dns,
    deps.settings.httpPort,
    deps.concurrency,
    deps.settings.outbound,
  );
  const registeredNames = candidates
    .filter((_, i) => observations[i]!.outcome === 'registered')
    .map((c) => c.name);
  // Popularity: the rank in the configured top-sites list, else the indicator store's figure.
  const ranks = await topSiteRanks(deps.settings.topSitesFile);
  const storePopularity = new Map(
    registeredNames.length === 0
      ? []
      : (
          await db
            .select({ value: threatIndicators.value, popularity: threatIndicators.popularity })
            .from(threatIndicators)
            .where(and(eq(threatIndicators.kind, 'domain'), inArray(threatIndicators.value, registeredNames)))
        ).map((r) => [r.value, r.popularity]),
  );
  const result: ScanResult = {
    candidates: candidates.length,
    registered: registeredNames.length,
    inconclusive: 0,
    changed: 0,
  };
  const changes: { row: LookalikeRow; before: LookalikeState }[] = [];
  for (const [i, candidate] of candidates.entries()) {
    const obs = observations[i]!;
    if (obs.outcome === 'inconclusive') result.inconclusive++;
    const row = existing.get(candidate.name);
    if (!row && obs.outcome !== 'registered') continue;
    const tracked: Tracked = row
      ? {
          state: stateOf(row),
          pending: row.pending as LookalikeState | null,
          pendingCount: row.pendingCount,
          stableCount: row.stableCount,
        }
      : { state: UNREGISTERED, pending: null, pendingCount: 0, stableCount: 0 };
    const next = advance(tracked, observedState(obs));
    const seen = obs.outcome === 'registered';
    // RDAP is asked when a lookalike is first seen and when its state changes, not on every scan.
    const askRdap = seen && deps.settings.rdapBaseUrl && (!row || next.changed);
    const registeredOn =
      row?.registeredOn ??
      (askRdap
        ? await registrationDate(deps.settings.rdapBaseUrl!, candidate.name, deps.settings.outbound)
        : null);
    const addresses = seen ? obs.addresses : next.state.registered ? (row?.addresses ?? []) : [];
    const mx = seen ? obs.mx : next.state.registered ? (row?.mx ?? []) : [];
    const country =
      seen && deps.settings.geoipDatabase && addresses[0]
        ? await countryOf(deps.settings.geoipDatabase, addresses[0])
        : (row?.country ?? null);
    const wildcard = obs.outcome === 'inconclusive' ? (row?.wildcard ?? false) : obs.wildcard;
    const pop = ranks.get(candidate.name) ?? storePopularity.get(candidate.name) ?? row?.popularity ?? null;
    const factors = riskBreakdown({
      fuzzer: candidate.fuzzer,
      state: next.state,
      wildcard,
      addresses,
      mx,
      ageDays: registeredOn ? Math.floor((now.getTime() - registeredOn.getTime()) / DAY_MS) : null,
      popularity: pop,
    });
    const values = {
      customerId: domain.customerId,
      domainUid: domain.uid,
      name: candidate.name,
      fuzzer: candidate.fuzzer,
      ...next.state,
      pending: next.pending,
      pendingCount: next.pendingCount,
      stableCount: next.stableCount,
      wildcard,
      addresses,
      nameServers: seen ? obs.nameServers : next.state.registered ? (row?.nameServers ?? []) : [],
      mx,
      country,
      popularity: pop,
      registeredOn,
      classification: classify(next.state),
      confidence: confidenceOf(next.stableCount, next.pendingCount > 0, wildcard),
      risk: riskOf(factors),
      riskFactors: factors,
      firstSeen: row?.firstSeen ?? now,
      lastSeen: seen ? now : (row?.lastSeen ?? now),
      stateChangedAt: next.changed ? now : (row?.stateChangedAt ?? null),
    };
    const [saved] = await db
      .insert(lookalikes)
      .values(values)
      .onConflictDoUpdate({ target: [lookalikes.domainUid, lookalikes.name], set: values })
      .returning();
    if (next.changed) changes.push({ row: saved!, before: tracked.state });
  }
  result.changed = changes.length;
  await raiseAlerts(db, domain, changes);
  await db.update(monitoredDomains).set({ lastScannedAt: now }).where(eq(monitoredDomains.uid, domain.uid));
  return result;
}

/**
 * One alert per changed lookalike, through the one alert path (so the customer's mutes apply),
 * and the lookalike-changed trigger in the same transaction, keyed on the lookalike and when its
 * state changed: a scan that dies and runs again fires nothing twice.
 */
async function raiseAlerts(
  db: Db,
  domain: DomainRow,
  changes: { row: LookalikeRow; before: LookalikeState }[],
) {
  if (changes.length === 0) return;
  const [customer] = await db
    .select({ partnerId: customers.partnerId })
    .from(customers)
    .where(eq(customers.customerId, domain.customerId));
  if (!customer) return;
  const principal = await scanPrincipal(db, domain, customer.partnerId);
  for (const { row, before } of changes) {
    const change = changeText(before, stateOf(row));
    await db.transaction(async (tx) => {
      if (principal)
        await createAlertRecord(tx, principal, {
          customerId: domain.customerId,
          title: `Lookalike of ${domain.name} ${change}: ${row.name}`,
          type: 'lookalike_domain',
          priority: row.risk >= 70 ? 'high' : row.risk >= 40 ? 'medium' : 'low',
          riskScore: row.risk,
          confidence: row.confidence,
          externalSource: 'domains',
          fields: {
            domain: domain.name,
            domain_uid: domain.uid,
            lookalike: row.name,
            fuzzer: row.fuzzer,
            classification: row.classification,
            before,
            after: stateOf(row),
            mx: row.mx,
            addresses: row.addresses,
            risk_breakdown: row.riskFactors,
          },
        });
      await queueWorkflowEvents(tx, [
        {
          trigger: 'lookalike_domain_changed',
          customerId: domain.customerId,
          key: `${domain.uid}:${row.name}:${row.stateChangedAt?.toISOString() ?? ''}`,
          data: {
            lookalike: {
              domain: domain.name,
              name: row.name,
              change,
              classification: row.classification,
              risk: row.risk,
            },
          },
        },
      ]);
    });
  }
}

/** The scan-lookalikes job: every active domain in turn. */
export async function scanActiveDomains(
  db: Db,
  deps: ScanDeps,
): Promise<{ domain: string; result: ScanResult }[]> {
  const domains = await db.select().from(monitoredDomains).where(eq(monitoredDomains.active, true));
  const results = [];
  for (const domain of domains)
    results.push({ domain: domain.name, result: await scanDomain(db, domain, deps) });
  return results;
}
