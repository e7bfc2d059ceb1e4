import { desc, eq } from 'drizzle-orm';
import type { components } from '../../../api/schema.d.ts';
import { connectorCredentials, customers, users } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import type { ConnectorScope } from './scopes.ts';

type ConnectorCredential = components['schemas']['ConnectorCredential'];

/** Every column but the secret's hash, which request work may write and never read back. */
const SHOWN = {
  credentialId: connectorCredentials.credentialId,
  customerId: connectorCredentials.customerId,
  customerName: customers.name,
  kind: connectorCredentials.kind,
  extensionId: connectorCredentials.extensionId,
  scopes: connectorCredentials.scopes,
  approvedBy: connectorCredentials.approvedBy,
  approverEmail: users.email,
  createdAt: connectorCredentials.createdAt,
  lastUsedAt: connectorCredentials.lastUsedAt,
  revokedAt: connectorCredentials.revokedAt,
};

/** The credentials `where` picks, newest first, with their customer's name and their approver's address. */
export function selectCredentials(tx: Db) {
  return tx
    .select(SHOWN)
    .from(connectorCredentials)
    .innerJoin(customers, eq(customers.customerId, connectorCredentials.customerId))
    .leftJoin(users, eq(users.contactId, connectorCredentials.approvedBy))
    .orderBy(desc(connectorCredentials.createdAt), desc(connectorCredentials.credentialId))
    .$dynamic();
}

type ShownRow = Awaited<ReturnType<ReturnType<typeof selectCredentials>['execute']>>[number];

export function presentCredential(row: ShownRow): ConnectorCredential {
  return {
    credential_id: row.credentialId,
    customer_id: row.customerId,
    customer_name: row.customerName,
    kind: row.kind as ConnectorCredential['kind'],
    extension_id: row.extensionId,
    scopes: row.scopes as ConnectorScope[],
    approved_by: { id: row.approvedBy, email: row.approverEmail ?? null },
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}
