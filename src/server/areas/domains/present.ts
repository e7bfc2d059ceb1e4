import type { components } from '../../../api/schema.d.ts';
import type { lookalikes } from '../../db/schema/index.ts';
import { scanStatusOf } from './scan-job.ts';

type Lookalike = components['schemas']['Lookalike'];
type LookalikeRow = typeof lookalikes.$inferSelect;

const DAY_MS = 86_400_000;

/** A domain row with its customer's name and its lookalike totals, as the list query selects it. */
export interface DomainRow {
  uid: string;
  name: string;
  customerId: string;
  customerName: string;
  active: boolean;
  createdAt: Date;
  lastScannedAt: Date | null;
  scanRequestedAt: Date | null;
  scanStartedAt: Date | null;
  scanError: string | null;
  lookalikeCount: number;
  highestRisk: number | null;
}

export function presentDomain(row: DomainRow): components['schemas']['Domain'] {
  return {
    uid: row.uid,
    domain: row.name,
    customerId: row.customerId,
    customer_name: row.customerName,
    active: row.active,
    created_at: row.createdAt.toISOString(),
    last_scanned_at: row.lastScannedAt?.toISOString() ?? null,
    scan_status: scanStatusOf(row),
    scan_error: row.scanError,
    lookalike_count: Number(row.lookalikeCount),
    highest_risk: row.highestRisk === null ? null : Number(row.highestRisk),
  };
}

export function presentLookalike(row: LookalikeRow, now = new Date()): Lookalike {
  return {
    name: row.name,
    domainUid: row.domainUid,
    fuzzer: row.fuzzer,
    classification: row.classification as Lookalike['classification'],
    confidence: row.confidence,
    risk: row.risk,
    risk_breakdown: row.riskFactors as Lookalike['risk_breakdown'],
    country: row.country,
    popularity: row.popularity,
    age_days: row.registeredOn ? Math.floor((now.getTime() - row.registeredOn.getTime()) / DAY_MS) : null,
    registered_on: row.registeredOn?.toISOString() ?? null,
    mx: row.mx,
    addresses: row.addresses,
    name_servers: row.nameServers,
    registered: row.registered,
    resolves: row.resolves,
    has_mx: row.hasMx,
    serves_page: row.servesPage,
    wildcard: row.wildcard,
    first_seen: row.firstSeen.toISOString(),
    last_seen: row.lastSeen.toISOString(),
    state_changed_at: row.stateChangedAt?.toISOString() ?? null,
    pending: row.pendingCount > 0,
  };
}
