import { and, asc, eq, sql } from 'drizzle-orm';
import { customers, lookalikes, monitoredDomains } from '../../db/schema/index.ts';
import { inIds } from '../../db/sql-helpers.ts';
import type { Db } from '../../db/types.ts';
import type { DomainRow } from './present.ts';

const domainColumns = {
  uid: monitoredDomains.uid,
  name: monitoredDomains.name,
  customerId: monitoredDomains.customerId,
  customerName: customers.name,
  active: monitoredDomains.active,
  createdAt: monitoredDomains.createdAt,
  lastScannedAt: monitoredDomains.lastScannedAt,
  scanRequestedAt: monitoredDomains.scanRequestedAt,
  scanStartedAt: monitoredDomains.scanStartedAt,
  scanError: monitoredDomains.scanError,
  lookalikeCount: sql<number>`(select count(*)::int from ${lookalikes} l where l.domain_uid = ${monitoredDomains.uid} and l.registered)`,
  highestRisk: sql<
    number | null
  >`(select max(l.risk)::int from ${lookalikes} l where l.domain_uid = ${monitoredDomains.uid} and l.registered)`,
};

/** Domains of these customers (the caller's reach already applied), by name. */
export function selectDomains(tx: Db, customerIds: readonly string[], uid?: string): Promise<DomainRow[]> {
  return tx
    .select(domainColumns)
    .from(monitoredDomains)
    .innerJoin(customers, eq(customers.customerId, monitoredDomains.customerId))
    .where(
      and(inIds(monitoredDomains.customerId, customerIds), uid ? eq(monitoredDomains.uid, uid) : undefined),
    )
    .orderBy(asc(monitoredDomains.name), asc(customers.name));
}
