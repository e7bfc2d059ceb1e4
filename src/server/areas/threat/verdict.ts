import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { threatIndicators } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { LookupCache } from './cache.ts';
import type { IndicatorKind } from './feeds/entry.ts';
import { warningListOf } from './warning-list.ts';

/** What the store says of one value, before the caller's own sightings are added. */
export interface StoreVerdict {
  kind: IndicatorKind;
  value: string;
  risk: number;
  det: 'B' | 'G' | 'U';
  country: string | null;
  registrant_organization: string | null;
  popularity: number | null;
  threat_categories: string[];
  malware_group: string | null;
  source: string | null;
  first_seen: string | null;
  last_seen: string | null;
  expires_at: string | null;
  warning_list: string | null;
}

export const verdictCache = new LookupCache<StoreVerdict>();
export const cacheKey = (kind: string, value: string) => `${kind} ${value}`;

const unknown = (kind: IndicatorKind, value: string): StoreVerdict => ({
  kind,
  value,
  risk: 0,
  det: 'U',
  country: null,
  registrant_organization: null,
  popularity: null,
  threat_categories: [],
  malware_group: null,
  source: null,
  first_seen: null,
  last_seen: null,
  expires_at: null,
  warning_list: null,
});

/**
 * The store's verdict: an unexpired indicator, overruled by a warning list (known good is never
 * flagged: G, risk 0); U with risk 0 when nothing is known.
 */
export async function storeVerdict(tx: Db, kind: IndicatorKind, value: string, now = new Date()) {
  const key = cacheKey(kind, value);
  const cached = verdictCache.get(key);
  if (cached) return cached;
  const [row] = await tx
    .select()
    .from(threatIndicators)
    .where(
      and(
        eq(threatIndicators.kind, kind),
        eq(threatIndicators.value, value),
        or(isNull(threatIndicators.expiresAt), gt(threatIndicators.expiresAt, now)),
      ),
    );
  const warning = await warningListOf(tx, kind, value);
  const verdict: StoreVerdict = row
    ? {
        kind,
        value,
        risk: row.risk,
        det: row.det === 'B' || row.det === 'G' ? row.det : 'U',
        country: row.country,
        registrant_organization: row.registrantOrganization,
        popularity: row.popularity,
        threat_categories: row.threatCategories,
        malware_group: row.malwareGroup,
        source: row.source,
        first_seen: row.firstSeen.toISOString(),
        last_seen: row.lastSeen.toISOString(),
        expires_at: row.expiresAt?.toISOString() ?? null,
        warning_list: null,
      }
    : unknown(kind, value);
  const result: StoreVerdict = warning
    ? { ...verdict, det: 'G', risk: 0, threat_categories: [], malware_group: null, warning_list: warning }
    : verdict;
  verdictCache.set(key, result);
  return result;
}
