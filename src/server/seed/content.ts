import { platformUpdates, threatIndicators } from '../db/schema/index.ts';
import type { Db } from '../db/types.ts';
import {
  BAD_DOMAINS,
  BAD_IP_COUNTRIES,
  GOOD_DOMAINS,
  GOOD_IPS,
  IP_CATEGORIES,
  MALWARE_FAMILIES,
} from './catalogue/indicators.ts';
import { UPDATES } from './catalogue/updates.ts';
import type { Rng } from './prng.ts';
import type { IndicatorPool } from './types.ts';

const DAY = 86_400_000;
/** Known-bad addresses; alerts pick from these, so each is worth a lookup. */
const BAD_IP_COUNT = 24;

type IndicatorRow = typeof threatIndicators.$inferInsert;

/**
 * Inserts the threat indicators and returns the bad ones for the alert generator, so an alert's
 * source IP, domain or file hash finds a verdict when looked up. Bad addresses come from the lower
 * halves of the RFC 5737 documentation ranges (the upper halves are the "unknown" addresses).
 */
export async function seedIndicators(
  db: Db,
  rng: Rng,
  now: number,
): Promise<{ pool: IndicatorPool; count: number }> {
  const rows: IndicatorRow[] = [];
  const updatedAt = () => new Date(now - rng.int(0, 30) * DAY);

  const badIps = new Set<string>();
  while (badIps.size < BAD_IP_COUNT)
    badIps.add(`${rng.pick(['203.0.113', '198.51.100'])}.${rng.int(1, 126)}`);
  for (const value of badIps) {
    rows.push({
      kind: 'ip',
      value,
      risk: rng.int(60, 100),
      det: 'B',
      country: rng.pick(BAD_IP_COUNTRIES),
      registrantOrganization: rng.pick([
        'Bulletproof Hosting Ltd',
        'Example Hosting LLC',
        'Shady VPS SRL',
        null,
      ]),
      threatCategories: [...rng.pick(IP_CATEGORIES)],
      malwareGroup: rng.chance(0.3) ? rng.pick(MALWARE_FAMILIES).family : null,
      updatedAt: updatedAt(),
    });
  }
  for (const d of BAD_DOMAINS) {
    rows.push({
      kind: 'domain',
      value: d.value,
      risk: rng.int(70, 100),
      det: 'B',
      country: d.country,
      registrantOrganization: 'REDACTED FOR PRIVACY',
      popularity: null,
      threatCategories: d.categories,
      malwareGroup: d.group,
      updatedAt: updatedAt(),
    });
  }
  const badFiles = MALWARE_FAMILIES.map((f) => ({
    sha256: rng.hex(64),
    // Some families are also known by MD5, as older feeds report them.
    md5: rng.chance(0.4) ? rng.hex(32) : null,
    fileName: f.fileName,
    family: f.family,
  }));
  for (const [i, file] of badFiles.entries()) {
    const family = MALWARE_FAMILIES[i]!;
    for (const value of [file.sha256, file.md5]) {
      if (!value) continue;
      rows.push({
        kind: 'file',
        value,
        risk: rng.int(80, 100),
        det: 'B',
        country: family.country,
        threatCategories: family.categories,
        malwareGroup: family.family,
        updatedAt: updatedAt(),
      });
    }
  }
  for (const d of GOOD_DOMAINS) {
    rows.push({
      kind: 'domain',
      value: d.value,
      risk: rng.int(0, 5),
      det: 'G',
      country: 'US',
      registrantOrganization: d.organisation,
      popularity: d.popularity,
      threatCategories: [],
      updatedAt: updatedAt(),
    });
  }
  for (const ip of GOOD_IPS) {
    rows.push({
      kind: 'ip',
      value: ip.value,
      risk: 0,
      det: 'G',
      country: ip.country,
      registrantOrganization: ip.organisation,
      updatedAt: updatedAt(),
    });
  }
  // Indicators are global, not per partner: a second demo partner must not fail on the same values.
  await db.insert(threatIndicators).values(rows).onConflictDoNothing();
  return {
    pool: { badIps: [...badIps], badDomains: BAD_DOMAINS.map((d) => d.value), badFiles },
    count: rows.length,
  };
}

/** Inserts the platform announcements, dated relative to now. */
export async function seedUpdates(db: Db, rng: Rng, now: number): Promise<number> {
  const rows = UPDATES.map((u) => {
    // A few hours of jitter so two seeds do not publish at exactly the same minute.
    const created = now - u.daysAgo * DAY - rng.int(0, 8) * 3_600_000;
    return {
      category: u.category,
      title: u.title,
      body: u.body,
      createdAt: new Date(created),
      updatedAt: new Date(Math.min(now, created + u.editedAfter * DAY)),
      publishedAt: new Date(created),
    };
  });
  await db.insert(platformUpdates).values(rows);
  return rows.length;
}
