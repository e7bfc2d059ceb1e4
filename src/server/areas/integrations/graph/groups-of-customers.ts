import type { FastifyRequest } from 'fastify';
import { asCaller } from '../../../plugins/auth.ts';
import { IntegrationSendError } from '../send-error.ts';
import { defenderTenantsOf } from './group-devices.ts';
import { azureGroups } from './groups.ts';

export interface CustomerAzureGroup {
  id: string;
  name: string;
  customer_id: string;
}

export interface CustomersAzureGroups {
  /** Whether a validated Microsoft integration maps a tenant to any of the customers. */
  configured: boolean;
  /** Why there are no groups, or which tenants could not be read; null when all were. */
  message: string | null;
  groups: CustomerAzureGroup[];
}

/**
 * The Entra ID groups of the customers' tenants, through every validated Defender XDR instance
 * that maps a tenant to one of them (reports narrow to these "azure groups"). The mappings are
 * read as the caller, so only customers they see are asked for; a tenant that cannot be read is
 * named in the message and the others still answer.
 */
export async function azureGroupsOfCustomers(
  request: FastifyRequest,
  customerIds: readonly string[] | undefined,
): Promise<CustomersAzureGroups> {
  const mapped = await asCaller(request, (tx) =>
    defenderTenantsOf(tx, customerIds?.length ? customerIds : undefined),
  );
  if (mapped.length === 0)
    return {
      configured: false,
      message:
        'No Microsoft integration maps a tenant to these customers, so there are no Azure groups to choose from.',
      groups: [],
    };
  const groups: CustomerAzureGroup[] = [];
  const unread: string[] = [];
  for (const mapping of mapped) {
    try {
      const read = await azureGroups(request.server.db, mapping.integrationId, mapping.tenantId, {
        outbound: request.server.config.outbound,
        secretsKey: request.server.config.secretsKey,
        timeoutMs: 20_000,
      });
      for (const group of read.groups)
        groups.push({ id: group.id, name: group.display_name, customer_id: mapping.customerId });
    } catch (error) {
      if (!(error instanceof IntegrationSendError)) throw error;
      unread.push(mapping.tenantId);
    }
  }
  groups.sort((a, b) => a.name.localeCompare(b.name) || a.customer_id.localeCompare(b.customer_id));
  return {
    configured: true,
    message: unread.length ? `The Azure groups of tenant ${unread.join(', ')} could not be read.` : null,
    groups,
  };
}
