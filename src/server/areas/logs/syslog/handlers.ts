import { isIP } from 'node:net';
import { and, desc, eq, sql } from 'drizzle-orm';
import { audit } from '../../../audit.ts';
import { syslogSources } from '../../../db/schema/index.ts';
import { inIds } from '../../../db/sql-helpers.ts';
import { resultRows } from '../../../db/tenancy.ts';
import { badRequest, conflict, notFound } from '../../../errors.ts';
import type { Handler } from '../../../platform/handler.ts';
import { requestedCustomers, requireVisibleCustomer } from '../../../platform/scope.ts';
import { asCaller, principalOf } from '../../../plugins/auth.ts';
import { findSource } from '../sources.ts';

type SourceRow = typeof syslogSources.$inferSelect;

/** Which customer a sender's logs belong to is the provider's setting, like ingest tokens. */
const present = (row: SourceRow) => ({
  id: row.id,
  customer_id: row.customerId,
  name: row.name,
  address: row.address,
  source: row.source,
  created_by: row.createdBy,
  created_at: row.createdAt.toISOString(),
});

/** `192.0.2.10` (a host) or `192.0.2.0/24`; host bits set under the mask are refused, as PostgreSQL does. */
export function parseNetwork(value: string): string | null {
  const [address, bits, extra] = value.trim().split('/');
  const family = isIP(address ?? '');
  if (!family || extra !== undefined) return null;
  const max = family === 4 ? 32 : 128;
  if (bits === undefined) return `${address}/${max}`;
  if (!/^\d{1,3}$/.test(bits) || Number(bits) > max) return null;
  return `${address}/${Number(bits)}`;
}

export const listSyslogSources: Handler<'listSyslogSources'> = async (request) => {
  const principal = principalOf(request);
  const ids = requestedCustomers(principal.scope.customerIds, request.query.customer_ids);
  const rows = await asCaller(request, (tx) =>
    tx
      .select()
      .from(syslogSources)
      .where(inIds(syslogSources.customerId, ids))
      .orderBy(desc(syslogSources.createdAt), desc(syslogSources.id)),
  );
  return { syslog_sources: rows.map(present) };
};

export const createSyslogSource: Handler<'createSyslogSource'> = async (request, reply) => {
  const principal = principalOf(request);
  const body = request.body;
  requireVisibleCustomer(principal, body.customer_id);
  if (!findSource(body.source)) throw badRequest('source', 'is not a known source');
  const network = parseNetwork(body.address);
  if (!network) throw badRequest('address', 'must be an IP address or a network such as 192.0.2.0/24');
  const row = await asCaller(request, async (tx) => {
    // Host bits under the mask (192.0.2.1/24) are an error in cidr: refuse them as a 400.
    const [shape] = resultRows<{ ok: boolean }>(
      await tx.execute(sql`select host(${network}::inet) = host(network(${network}::inet)) as ok`),
    );
    if (!shape?.ok) throw badRequest('address', 'has host bits set beyond the network mask');
    // The unique address index spans customers: one sender belongs to one customer.
    const [taken] = await tx
      .select({ id: syslogSources.id })
      .from(syslogSources)
      .where(sql`${syslogSources.address} = ${network}::cidr`);
    if (taken) throw conflict(`A syslog source for ${network} exists already.`);
    const [created] = await tx
      .insert(syslogSources)
      .values({
        customerId: body.customer_id,
        name: body.name,
        address: network,
        source: body.source,
        createdBy: principal.user.contactId,
      })
      .returning();
    await audit(tx, principal, {
      action: 'create',
      entity: 'syslog_source',
      entityId: created!.id,
      customerId: created!.customerId,
      after: { name: created!.name, address: created!.address, source: created!.source },
    });
    return created!;
  });
  reply.status(201);
  return present(row);
};

export const deleteSyslogSource: Handler<'deleteSyslogSource'> = async (request, reply) => {
  const principal = principalOf(request);
  await asCaller(request, async (tx) => {
    const [deleted] = await tx
      .delete(syslogSources)
      .where(
        and(
          eq(syslogSources.id, request.params.id),
          inIds(syslogSources.customerId, principal.scope.customerIds),
        ),
      )
      .returning();
    if (!deleted) throw notFound(`Syslog source ${request.params.id}`);
    await audit(tx, principal, {
      action: 'delete',
      entity: 'syslog_source',
      entityId: deleted.id,
      customerId: deleted.customerId,
      before: { name: deleted.name, address: deleted.address, source: deleted.source },
    });
  });
  reply.status(204);
  return undefined;
};
