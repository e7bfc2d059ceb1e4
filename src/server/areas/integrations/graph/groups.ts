import { GraphClient, type GraphOptions } from './client.ts';
import { graphInstance } from './pull.ts';

/** An Entra ID group of a customer's tenant, as reports name them ("azure groups"). */
export interface AzureGroup {
  id: string;
  display_name: string;
  description: string | null;
  security_enabled: boolean;
  mail_enabled: boolean;
  group_types: string[];
}

interface GraphGroup {
  id: string;
  displayName?: string | null;
  description?: string | null;
  securityEnabled?: boolean | null;
  mailEnabled?: boolean | null;
  groupTypes?: string[] | null;
}

/** At most this many groups are read (a tenant with more is cut off and says so). */
export const GROUPS_CAP = 5000;

/**
 * The groups of one mapped tenant of a Defender XDR instance, every page, by name. The caller
 * checks first that the person asking sees the customer the tenant is mapped to.
 */
export async function azureGroups(
  db: Parameters<typeof graphInstance>[0],
  integrationId: string,
  tenantId: string,
  options: GraphOptions & { secretsKey?: string | undefined },
): Promise<{ groups: AzureGroup[]; truncated: boolean }> {
  const instance = await graphInstance(db, integrationId, options.secretsKey);
  if (!instance) return { groups: [], truncated: false };
  const client = new GraphClient(instance.settings, instance.secret, tenantId, options);
  const groups: AzureGroup[] = [];
  let truncated = false;
  for await (const page of client.pages<GraphGroup>(
    '/v1.0/groups?$select=id,displayName,description,securityEnabled,mailEnabled,groupTypes&$top=999',
  )) {
    for (const group of page)
      groups.push({
        id: group.id,
        display_name: group.displayName ?? group.id,
        description: group.description ?? null,
        security_enabled: group.securityEnabled ?? false,
        mail_enabled: group.mailEnabled ?? false,
        group_types: group.groupTypes ?? [],
      });
    if (groups.length >= GROUPS_CAP) {
      truncated = true;
      break;
    }
  }
  groups.sort((a, b) => a.display_name.localeCompare(b.display_name));
  return { groups: groups.slice(0, GROUPS_CAP), truncated };
}
