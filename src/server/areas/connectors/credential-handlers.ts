import { and, eq } from 'drizzle-orm';
import { connectorCredentials } from '../../db/schema/index.ts';
import { inIds } from '../../db/sql-helpers.ts';
import type { Handler } from '../../platform/handler.ts';
import { requestedCustomers } from '../../platform/scope.ts';
import { revokeCredential } from '../../platform/secrets.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';
import { presentCredential, selectCredentials } from './present.ts';

export const listConnectorCredentials: Handler<'listConnectorCredentials'> = async (request) => {
  const principal = principalOf(request);
  const ids = requestedCustomers(principal.scope.customerIds, request.query.customer_ids);
  const rows = await asCaller(request, (tx) =>
    selectCredentials(tx).where(inIds(connectorCredentials.customerId, ids)),
  );
  return { credentials: rows.map(presentCredential) };
};

export const revokeConnectorCredential: Handler<'revokeConnectorCredential'> = async (request) => {
  const principal = principalOf(request);
  const id = request.params.credential_id;
  const where = and(
    eq(connectorCredentials.credentialId, id),
    inIds(connectorCredentials.customerId, principal.scope.customerIds),
  );
  const columns = { customerId: connectorCredentials.customerId, revokedAt: connectorCredentials.revokedAt };
  return asCaller(request, async (tx) => {
    await revokeCredential(
      tx,
      principal,
      { entity: 'connector_credential', id, label: 'Connector credential' },
      async () => (await tx.select(columns).from(connectorCredentials).where(where).for('update'))[0],
      async () =>
        (
          await tx.update(connectorCredentials).set({ revokedAt: new Date() }).where(where).returning(columns)
        )[0],
    );
    const [row] = await selectCredentials(tx).where(eq(connectorCredentials.credentialId, id));
    return presentCredential(row!);
  });
};
