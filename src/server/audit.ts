import type { Principal } from './auth/principal.ts';
import { insertRows, type JsonRowsTable } from './db/deferred-inserts.ts';
import { auditLog } from './db/schema/index.ts';
import type { Db } from './db/types.ts';

/** What one audit row says about a change. */
export interface AuditEntry {
  action: string;
  entity: string;
  entityId?: string;
  customerId?: string | null;
  before?: unknown;
  after?: unknown;
}

/** Records a change made through the API, in the same transaction as the change itself. */
export async function audit(tx: Db, principal: Principal, entry: AuditEntry) {
  const row = {
    partner_id: principal.user.partnerId,
    customer_id: entry.customerId ?? null,
    actor_id: principal.user.contactId,
    impersonator_id: principal.impersonator?.contactId ?? null,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entityId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  };
  await insertRows(tx, AUDIT_ROWS, [row]);
}

/** Audit rows as `audit` writes them. */
const AUDIT_ROWS: JsonRowsTable = {
  table: auditLog,
  columns: {
    partner_id: 'uuid',
    customer_id: 'uuid',
    actor_id: 'uuid',
    impersonator_id: 'uuid',
    action: 'text',
    entity: 'text',
    entity_id: 'text',
    before: 'jsonb',
    after: 'jsonb',
  },
};

/**
 * The audit rows of a change that spans customers: one per customer, carrying its customer id.
 * Row-level security lets a customer's users read their customer's rows and rows without a
 * customer, so a single row for the lot would show them the other customers' ids and values.
 */
export async function auditPerCustomer<T extends { customerId: string }>(
  tx: Db,
  principal: Principal,
  items: readonly T[],
  entry: (customerId: string, items: T[]) => Omit<AuditEntry, 'customerId'>,
) {
  const byCustomer = new Map<string, T[]>();
  for (const item of items)
    byCustomer.set(item.customerId, [...(byCustomer.get(item.customerId) ?? []), item]);
  for (const [customerId, own] of byCustomer) {
    await audit(tx, principal, { ...entry(customerId, own), customerId });
  }
}
