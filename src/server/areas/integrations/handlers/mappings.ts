import { and, asc, eq } from 'drizzle-orm';
import { audit } from '../../../audit.ts';
import { customers, integrationHostMappings, integrationMappings } from '../../../db/schema/index.ts';
import type { Db } from '../../../db/types.ts';
import { conflict, notFound } from '../../../errors.ts';
import type { Handler } from '../../../platform/handler.ts';
import { requireVisibleCustomer } from '../../../platform/scope.ts';
import { asCaller, principalOf } from '../../../plugins/auth.ts';
import { loadIntegration } from '../store.ts';

export const NOT_VALIDATED = "Save and validate the integration's settings before mapping customers.";
export const EXTERNAL_TAKEN = 'An external customer cannot be mapped to multiple internal customers.';
export const HOST_TAKEN = 'A host name cannot be mapped to multiple customers.';

async function customerName(tx: Db, customerId: string): Promise<string> {
  const [row] = await tx
    .select({ name: customers.name })
    .from(customers)
    .where(eq(customers.customerId, customerId));
  return row?.name ?? '';
}

/** The integration, locked, once it is validated (spec 2, section 4); else 409. */
async function validatedIntegration(tx: Db, id: string) {
  const row = await loadIntegration(tx, id, true);
  if (!row.validatedAt) throw conflict(NOT_VALIDATED);
  return row;
}

export const listIntegrationMappings: Handler<'listIntegrationMappings'> = async (request) =>
  asCaller(request, async (tx) => {
    const row = await loadIntegration(tx, request.params.id);
    const mapped = await tx
      .select({ mapping: integrationMappings, customerName: customers.name })
      .from(integrationMappings)
      .innerJoin(customers, eq(customers.customerId, integrationMappings.customerId))
      .where(eq(integrationMappings.integrationId, row.id))
      .orderBy(asc(customers.name), asc(integrationMappings.externalId));
    const hosts = await tx
      .select({ mapping: integrationHostMappings, customerName: customers.name })
      .from(integrationHostMappings)
      .innerJoin(customers, eq(customers.customerId, integrationHostMappings.customerId))
      .where(eq(integrationHostMappings.integrationId, row.id))
      .orderBy(asc(integrationHostMappings.hostName));
    return {
      customers: mapped.map(({ mapping, customerName }) => ({
        id: mapping.id,
        customer_id: mapping.customerId,
        customer_name: customerName,
        external_id: mapping.externalId,
        external_name: mapping.externalName,
      })),
      hosts: hosts.map(({ mapping, customerName }) => ({
        id: mapping.id,
        customer_id: mapping.customerId,
        customer_name: customerName,
        host_name: mapping.hostName,
      })),
    };
  });

export const createIntegrationMapping: Handler<'createIntegrationMapping'> = async (request, reply) => {
  const principal = principalOf(request);
  const { customer_id: customerId, external_id: rawExternal, external_name: externalName } = request.body;
  requireVisibleCustomer(principal, customerId);
  const externalId = rawExternal.trim();
  const result = await asCaller(request, async (tx) => {
    const row = await validatedIntegration(tx, request.params.id);
    // The unique index sees every customer's mapping; row-level security would hide another's.
    const [taken] = await tx
      .select()
      .from(integrationMappings)
      .where(
        and(eq(integrationMappings.integrationId, row.id), eq(integrationMappings.externalId, externalId)),
      );
    const inserted = taken
      ? []
      : await tx
          .insert(integrationMappings)
          .values({ integrationId: row.id, customerId, externalId, externalName: externalName?.trim() ?? '' })
          .onConflictDoNothing()
          .returning();
    const mapping = inserted[0] ?? taken;
    if (!mapping) throw conflict(EXTERNAL_TAKEN);
    if (mapping.customerId !== customerId) throw conflict(EXTERNAL_TAKEN);
    if (inserted[0])
      await audit(tx, principal, {
        action: 'create',
        entity: 'integration_mapping',
        entityId: String(mapping.id),
        customerId,
        after: { integration_id: row.id, external_id: externalId, external_name: mapping.externalName },
      });
    return { mapping, created: inserted.length > 0, name: await customerName(tx, customerId) };
  });
  reply.code(201);
  return {
    id: result.mapping.id,
    customer_id: result.mapping.customerId,
    customer_name: result.name,
    external_id: result.mapping.externalId,
    external_name: result.mapping.externalName,
  };
};

export const deleteIntegrationMapping: Handler<'deleteIntegrationMapping'> = async (request, reply) => {
  const principal = principalOf(request);
  await asCaller(request, async (tx) => {
    const row = await loadIntegration(tx, request.params.id, true);
    const [gone] = await tx
      .delete(integrationMappings)
      .where(
        and(
          eq(integrationMappings.id, request.params.mapping_id),
          eq(integrationMappings.integrationId, row.id),
        ),
      )
      .returning();
    if (!gone) throw notFound(`Mapping ${request.params.mapping_id}`);
    await audit(tx, principal, {
      action: 'delete',
      entity: 'integration_mapping',
      entityId: String(gone.id),
      customerId: gone.customerId,
      before: { integration_id: row.id, external_id: gone.externalId },
    });
  });
  reply.code(204);
  return undefined;
};

export const createIntegrationHostMapping: Handler<'createIntegrationHostMapping'> = async (
  request,
  reply,
) => {
  const principal = principalOf(request);
  const { customer_id: customerId } = request.body;
  requireVisibleCustomer(principal, customerId);
  const hostName = request.body.host_name.trim().toLowerCase();
  const result = await asCaller(request, async (tx) => {
    const row = await validatedIntegration(tx, request.params.id);
    const [taken] = await tx
      .select()
      .from(integrationHostMappings)
      .where(
        and(
          eq(integrationHostMappings.integrationId, row.id),
          eq(integrationHostMappings.hostName, hostName),
        ),
      );
    const inserted = taken
      ? []
      : await tx
          .insert(integrationHostMappings)
          .values({ integrationId: row.id, customerId, hostName })
          .onConflictDoNothing()
          .returning();
    const mapping = inserted[0] ?? taken;
    if (!mapping || mapping.customerId !== customerId) throw conflict(HOST_TAKEN);
    if (inserted[0])
      await audit(tx, principal, {
        action: 'create',
        entity: 'integration_host_mapping',
        entityId: String(mapping.id),
        customerId,
        after: { integration_id: row.id, host_name: hostName },
      });
    return { mapping, created: inserted.length > 0, name: await customerName(tx, customerId) };
  });
  reply.code(201);
  return {
    id: result.mapping.id,
    customer_id: result.mapping.customerId,
    customer_name: result.name,
    host_name: result.mapping.hostName,
  };
};

export const deleteIntegrationHostMapping: Handler<'deleteIntegrationHostMapping'> = async (
  request,
  reply,
) => {
  const principal = principalOf(request);
  await asCaller(request, async (tx) => {
    const row = await loadIntegration(tx, request.params.id, true);
    const [gone] = await tx
      .delete(integrationHostMappings)
      .where(
        and(
          eq(integrationHostMappings.id, request.params.mapping_id),
          eq(integrationHostMappings.integrationId, row.id),
        ),
      )
      .returning();
    if (!gone) throw notFound(`Mapping ${request.params.mapping_id}`);
    await audit(tx, principal, {
      action: 'delete',
      entity: 'integration_host_mapping',
      entityId: String(gone.id),
      customerId: gone.customerId,
      before: { integration_id: row.id, host_name: gone.hostName },
    });
  });
  reply.code(204);
  return undefined;
};
