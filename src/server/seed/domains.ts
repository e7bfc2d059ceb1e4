import { classify, confidenceOf, generateCandidates, riskBreakdown, riskOf } from '../areas/domains/index.ts';
import { lookalikes, monitoredDomains } from '../db/schema/index.ts';
import type { Db } from '../db/types.ts';
import type { Rng } from './prng.ts';
import type { CustomerRef } from './types.ts';

const DAY = 86_400_000;
const LOOKALIKES_PER_DOMAIN = 8;
const COUNTRIES = ['NL', 'DE', 'US', 'RU', 'SG', 'FI'];

/**
 * Each customer's e-mail domain monitored, with lookalikes the fuzzers generate for it in states
 * a scan would have left (no network: addresses from the RFC 5737 documentation range). The
 * first lookalike of each domain is always phishing-ready, so every demo has one to open.
 */
export async function seedDomains(
  db: Db,
  rng: Rng,
  customers: readonly CustomerRef[],
  createdBy: string,
  now: number,
) {
  let count = 0;
  for (const customer of customers) {
    const [domain] = await db
      .insert(monitoredDomains)
      .values({
        customerId: customer.customerId,
        name: customer.domain,
        createdBy,
        createdAt: new Date(now - 60 * DAY),
        lastScannedAt: new Date(now - 2 * 3_600_000),
      })
      .returning();
    const candidates = generateCandidates(customer.domain).filter(
      (c) => c.fuzzer !== 'homoglyph' || rng.chance(0.02),
    );
    const picked = new Set<number>();
    while (picked.size < Math.min(LOOKALIKES_PER_DOMAIN, candidates.length))
      picked.add(rng.int(0, candidates.length - 1));
    const rows = [...picked].map((index, i) => {
      const candidate = candidates[index]!;
      const state = {
        registered: true,
        resolves: i === 0 || rng.chance(0.7),
        hasMx: i === 0 || rng.chance(0.4),
        servesPage: false,
      };
      state.servesPage = state.resolves && (i === 0 || rng.chance(0.5));
      const addresses = state.resolves ? [`192.0.2.${rng.int(1, 254)}`] : [];
      const mx = state.hasMx ? [`mail.${candidate.name}`] : [];
      const ageDays = rng.int(2, 900);
      const wildcard = i !== 0 && rng.chance(0.1);
      const stableCount = rng.int(1, 12);
      const factors = riskBreakdown({
        fuzzer: candidate.fuzzer,
        state,
        wildcard,
        addresses,
        mx,
        ageDays,
        popularity: null,
      });
      return {
        customerId: customer.customerId,
        domainUid: domain!.uid,
        name: candidate.name,
        fuzzer: candidate.fuzzer,
        ...state,
        stableCount,
        wildcard,
        addresses,
        nameServers: [`ns1.${rng.pick(['parkingcrew', 'bodis', 'sedo', 'dnspod'])}.example`],
        mx,
        country: state.resolves ? rng.pick(COUNTRIES) : null,
        registeredOn: new Date(now - ageDays * DAY),
        classification: classify(state),
        confidence: confidenceOf(stableCount, false, wildcard),
        risk: riskOf(factors),
        riskFactors: factors,
        firstSeen: new Date(now - Math.min(ageDays, 50) * DAY),
        lastSeen: new Date(now - 2 * 3_600_000),
        stateChangedAt: new Date(now - Math.min(ageDays, 50) * DAY),
      };
    });
    if (rows.length) await db.insert(lookalikes).values(rows);
    count += rows.length;
  }
  return count;
}
