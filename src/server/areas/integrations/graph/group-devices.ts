import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { integrationMappings, integrations } from '../../../db/schema/index.ts';
import type { Db } from '../../../db/types.ts';
import { DEFENDER_KIND } from '../kinds/defender.ts';
import { IntegrationSendError } from '../send-error.ts';
import { GraphClient, type GraphOptions } from './client.ts';
import { graphInstance } from './pull.ts';

/** A device in an Entra ID group: its directory object id, its device id and its name. */
export interface GroupDevice {
  object_id: string;
  device_id: string | null;
  name: string | null;
}

/** An Entra ID group of a customer's tenant with the devices in it (nested groups included). */
export interface GroupWithDevices {
  id: string;
  name: string;
  devices: GroupDevice[];
}

export interface CustomerGroupDevices {
  /** The selected groups found in the customer's tenants, in the order asked. */
  groups: GroupWithDevices[];
  /** Selected ids that are no group of any of the customer's tenants. */
  unknown: string[];
}

interface GraphDevice {
  id: string;
  deviceId?: string | null;
  displayName?: string | null;
}

/** At most this many devices are read per group; a group with more fails rather than under-counting. */
export const GROUP_DEVICES_CAP = 20_000;

/**
 * The tenants validated Defender XDR instances map to the customers, read in `tx` (the caller's
 * reach, so only customers they see are answered); `undefined` for every customer they see.
 */
export async function defenderTenantsOf(tx: Db, customerIds: readonly string[] | undefined) {
  return tx
    .select({
      integrationId: integrations.id,
      tenantId: integrationMappings.externalId,
      customerId: integrationMappings.customerId,
    })
    .from(integrationMappings)
    .innerJoin(integrations, eq(integrations.id, integrationMappings.integrationId))
    .where(
      and(
        eq(integrations.kind, DEFENDER_KIND),
        isNotNull(integrations.validatedAt),
        customerIds === undefined ? undefined : inArray(integrationMappings.customerId, [...customerIds]),
      ),
    )
    .orderBy(integrationMappings.id);
}

const notFound = (error: unknown) => error instanceof IntegrationSendError && error.status === 404;

/**
 * The devices of the selected groups, each looked for in the customer's tenants (a group id is
 * unique to its tenant: Graph answers 404 in the others). Membership is transitive, so devices of
 * nested groups count; every page is read. Graph failing throws IntegrationSendError; a group no
 * tenant knows is named in `unknown`.
 */
export async function customerGroupDevices(
  db: Db,
  tenants: readonly { integrationId: string; tenantId: string }[],
  groupIds: readonly string[],
  options: GraphOptions & { secretsKey?: string | undefined },
): Promise<CustomerGroupDevices> {
  const clients: GraphClient[] = [];
  for (const tenant of tenants) {
    const instance = await graphInstance(db, tenant.integrationId, options.secretsKey);
    if (instance) clients.push(new GraphClient(instance.settings, instance.secret, tenant.tenantId, options));
  }
  const groups: GroupWithDevices[] = [];
  const unknown: string[] = [];
  for (const groupId of groupIds) {
    let found: GroupWithDevices | null = null;
    for (const client of clients) {
      const id = encodeURIComponent(groupId);
      let group: { id: string; displayName?: string | null };
      try {
        group = await client.get(`/v1.0/groups/${id}?$select=id,displayName`);
      } catch (error) {
        if (notFound(error)) continue;
        throw error;
      }
      const devices: GroupDevice[] = [];
      for await (const page of client.pages<GraphDevice>(
        `/v1.0/groups/${id}/transitiveMembers/microsoft.graph.device?$select=id,deviceId,displayName&$top=999`,
      )) {
        for (const device of page)
          devices.push({
            object_id: device.id,
            device_id: device.deviceId ?? null,
            name: device.displayName ?? null,
          });
        if (devices.length > GROUP_DEVICES_CAP)
          throw new IntegrationSendError(
            'failed',
            `Azure group ${group.displayName ?? groupId} has more than ${GROUP_DEVICES_CAP} devices`,
          );
      }
      found = { id: groupId, name: group.displayName ?? group.id, devices };
      break;
    }
    if (found) groups.push(found);
    else unknown.push(groupId);
  }
  return { groups, unknown };
}
