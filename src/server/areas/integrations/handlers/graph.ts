import { and, eq, sql } from 'drizzle-orm';
import {
  agents,
  customers,
  integrationHostMappings,
  integrationMappings,
  integrations,
} from '../../../db/schema/index.ts';
import { inIds } from '../../../db/sql-helpers.ts';
import { resultRows } from '../../../db/tenancy.ts';
import { ApiError, badRequest, conflict, notFound } from '../../../errors.ts';
import type { Handler } from '../../../platform/handler.ts';
import { asCaller, principalOf } from '../../../plugins/auth.ts';
import { azureGroups } from '../graph/groups.ts';
import { DEFENDER_KIND } from '../kinds/defender.ts';
import { IntegrationSendError } from '../send-error.ts';
import { loadIntegration } from '../store.ts';

export const listIntegrationAzureGroups: Handler<'listIntegrationAzureGroups'> = async (request) => {
  const customerId = request.query.customer_id;
  // The mapping is read as the caller: a tenant of a customer they do not see is not found.
  const tenantId = await asCaller(request, async (tx) => {
    const row = await loadIntegration(tx, request.params.id);
    if (row.kind !== DEFENDER_KIND)
      throw badRequest('id', `is a ${row.kind} integration, which has no Entra ID groups`);
    if (!row.validatedAt) throw conflict('Validate the integration before reading its tenants.');
    const [mapping] = await tx
      .select({ externalId: integrationMappings.externalId })
      .from(integrationMappings)
      .where(
        and(eq(integrationMappings.integrationId, row.id), eq(integrationMappings.customerId, customerId)),
      );
    if (!mapping) throw notFound(`A tenant of customer ${customerId} in this integration`);
    return mapping.externalId;
  });
  try {
    const { groups, truncated } = await azureGroups(request.server.db, request.params.id, tenantId, {
      outbound: request.server.config.outbound,
      secretsKey: request.server.config.secretsKey,
      timeoutMs: 20_000,
    });
    return { customer_id: customerId, tenant_id: tenantId, groups, truncated };
  } catch (error) {
    if (error instanceof IntegrationSendError) throw new ApiError(502, 'bad_gateway', error.message);
    throw error;
  }
};

interface SourceRow {
  customer_id: string;
  customer_name: string;
  host: string;
  source: 'integration' | 'agent';
  id: string;
  name: string;
}

/** At most this many hosts are listed. */
const HOSTS_CAP = 2000;

export const listMultiInstanceHosts: Handler<'listMultiInstanceHosts'> = async (request) => {
  const ids = principalOf(request).scope.customerIds;
  const rows = await asCaller(request, async (tx) =>
    resultRows<SourceRow>(
      await tx.execute(sql`
        with sources as (
          select ${integrationHostMappings.customerId} as customer_id,
                 lower(${integrationHostMappings.hostName}) as host, 'integration' as source,
                 ${integrations.id}::text as id, ${integrations.name} as name
            from ${integrationHostMappings}
            join ${integrations} on ${integrations.id} = ${integrationHostMappings.integrationId}
           where ${inIds(integrationHostMappings.customerId, ids)}
          union all
          select ${agents.customerId}, lower(${agents.hostName}), 'agent', ${agents.agentId}::text, ${agents.hostName}
            from ${agents}
           where ${inIds(agents.customerId, ids)}
        ), multi as (
          select customer_id, host from sources group by customer_id, host having count(*) > 1
           order by host, customer_id limit ${HOSTS_CAP}
        )
        select s.customer_id, ${customers.name} as customer_name, s.host, s.source, s.id, s.name
          from sources s
          join multi m on m.customer_id = s.customer_id and m.host = s.host
          join ${customers} on ${customers.customerId} = s.customer_id
         order by s.host, ${customers.name}, s.source, s.name`),
    ),
  );
  const hosts = new Map<string, ResultHost>();
  for (const row of rows) {
    const key = `${row.customer_id}|${row.host}`;
    let host = hosts.get(key);
    if (!host) {
      host = {
        host_name: row.host,
        customer_id: row.customer_id,
        customer_name: row.customer_name,
        sources: [],
      };
      hosts.set(key, host);
    }
    host.sources.push({ source: row.source, id: row.id, name: row.name });
  }
  return { hosts: [...hosts.values()] };
};

type ResultHost = {
  host_name: string;
  customer_id: string;
  customer_name: string;
  sources: { source: 'integration' | 'agent'; id: string; name: string }[];
};
