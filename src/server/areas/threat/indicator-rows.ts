import type { customerIndicators, threatIndicators } from '../../db/schema/index.ts';
import type { ResultOf } from '../../platform/handler.ts';

type SharedRow = typeof threatIndicators.$inferSelect;
type CustomerRow = typeof customerIndicators.$inferSelect;
type Indicator = ResultOf<'createIndicator'>;

const detOf = (det: string) => (det === 'B' || det === 'G' ? det : 'U');
const expired = (at: Date | null, now: Date) => at !== null && at <= now;

export function presentShared(row: SharedRow, now = new Date()): Indicator {
  return {
    indicator_id: row.id,
    customer_id: null,
    kind: row.kind as Indicator['kind'],
    value: row.value,
    det: detOf(row.det),
    risk: row.risk,
    country: row.country,
    registrant_organization: row.registrantOrganization,
    popularity: row.popularity,
    threat_categories: row.threatCategories,
    malware_group: row.malwareGroup,
    source: row.source,
    first_seen: row.firstSeen.toISOString(),
    last_seen: row.lastSeen.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    expired: expired(row.expiresAt, now),
  };
}

export function presentCustomer(row: CustomerRow, now = new Date()): Indicator {
  return {
    indicator_id: row.id,
    customer_id: row.customerId,
    kind: row.kind as Indicator['kind'],
    value: row.value,
    det: detOf(row.det),
    risk: row.risk,
    country: null,
    registrant_organization: null,
    popularity: null,
    threat_categories: row.threatCategories,
    malware_group: row.malwareGroup,
    source: 'customer',
    first_seen: row.createdAt.toISOString(),
    last_seen: row.updatedAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    expired: expired(row.expiresAt, now),
  };
}
