import type { FastifyRequest } from 'fastify';
import { loadConfig, type OutboundSettings } from '../../config.ts';
import type { Db } from '../../db/types.ts';
import { ApiError, type FieldIssue } from '../../errors.ts';
import { requireVisibleCustomer } from '../../platform/scope.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';
import {
  type CustomerGroupDevices,
  customerGroupDevices,
  defenderTenantsOf,
  type GroupWithDevices,
  IntegrationSendError,
} from '../integrations/index.ts';

/**
 * The devices a report narrowed to Azure groups covers: the groups (named, for the PDF) and the
 * short host names of their devices, lower case, as agents and alerts are matched to them (an
 * agent's `pc-01.corp.example` is the Entra device `PC-01`).
 */
export interface DeviceScope {
  groups: { id: string; name: string; devices: number }[];
  hostNames: string[];
  /** The devices' names as Entra ID spells them. */
  deviceNames: string[];
}

export const shortHostName = (name: string) => name.trim().toLowerCase().split('.')[0] ?? '';

export function deviceScopeOf(groups: readonly GroupWithDevices[]): DeviceScope {
  const names = new Set<string>();
  const spelt = new Set<string>();
  for (const group of groups)
    for (const device of group.devices) {
      if (!device.name || !shortHostName(device.name)) continue;
      names.add(shortHostName(device.name));
      spelt.add(device.name);
    }
  return {
    groups: groups.map((g) => ({ id: g.id, name: g.name, devices: g.devices.length })),
    hostNames: [...names].sort(),
    deviceNames: [...spelt].sort(),
  };
}

interface GraphAccess {
  outbound: OutboundSettings;
  secretsKey?: string | undefined;
}

/** The selected groups' devices in one customer's tenants; null when no Microsoft integration maps one. */
export async function groupsOfCustomer(
  db: Db,
  tenants: Awaited<ReturnType<typeof defenderTenantsOf>>,
  groupIds: readonly string[],
  access: GraphAccess,
): Promise<CustomerGroupDevices | null> {
  if (tenants.length === 0) return null;
  return customerGroupDevices(db, tenants, groupIds, { ...access, timeoutMs: 20_000 });
}

/** Group ids are GUIDs: compared in lower case, each once. */
const distinct = (groupIds: readonly string[] | undefined) => [
  ...new Set((groupIds ?? []).map((id) => id.toLowerCase())),
];
const indexOf = (groupIds: readonly string[] | undefined, id: string) =>
  (groupIds ?? []).findIndex((asked) => asked.toLowerCase() === id);

const refused = (issues: FieldIssue[]) =>
  new ApiError(400, 'bad_request', `${issues[0]!.field}: ${issues[0]!.reason}`, issues);

const noIntegration = (customerId: string) =>
  refused([
    {
      field: 'selected_groups',
      reason: `no Microsoft integration maps a tenant to customer ${customerId}, so it has no Azure groups`,
    },
  ]);

const graphFailed = (error: IntegrationSendError) =>
  new ApiError(
    502,
    'bad_gateway',
    `Microsoft Graph could not give the Azure groups' devices: ${error.message}`,
  );

/** The selected groups of each customer, read as the caller: their tenants' groups through Graph. */
async function readForCaller(request: FastifyRequest, customerId: string, groupIds: readonly string[]) {
  const tenants = await asCaller(request, (tx) => defenderTenantsOf(tx, [customerId]));
  try {
    return await groupsOfCustomer(request.server.db, tenants, groupIds, {
      outbound: request.server.config.outbound,
      secretsKey: request.server.config.secretsKey,
    });
  } catch (error) {
    if (error instanceof IntegrationSendError) throw graphFailed(error);
    throw error;
  }
}

/**
 * The devices one customer's report covers when narrowed to `groupIds` (null when not narrowed):
 * every group must be one of the customer's tenants' (else 400); Graph failing is a 502.
 */
export async function deviceScopeForCaller(
  request: FastifyRequest,
  customerId: string,
  groupIds: readonly string[] | undefined,
): Promise<DeviceScope | null> {
  const ids = distinct(groupIds);
  if (ids.length === 0) return null;
  requireVisibleCustomer(principalOf(request), customerId);
  const read = await readForCaller(request, customerId, ids);
  if (!read) throw noIntegration(customerId);
  if (read.unknown.length)
    throw refused(
      read.unknown.map((id) => ({
        field: `selected_groups[${indexOf(groupIds, id)}]`,
        reason: `is not an Azure group of customer ${customerId}`,
      })),
    );
  return deviceScopeOf(read.groups);
}

/**
 * Send now to several customers: each customer's PDF narrows to those of the groups its own
 * tenants have. A group none of them has, or a customer with none of the groups, is a 400 (a
 * customer's PDF is never silently left whole).
 */
export async function groupsPerCustomer(
  request: FastifyRequest,
  customerIds: readonly string[],
  groupIds: readonly string[] | undefined,
): Promise<Map<string, string[]>> {
  const ids = distinct(groupIds);
  const perCustomer = new Map<string, string[]>();
  if (ids.length === 0) return perCustomer;
  const seen = new Set<string>();
  for (const customerId of customerIds) {
    const read = await readForCaller(request, customerId, ids);
    if (!read) throw noIntegration(customerId);
    if (read.groups.length === 0)
      throw refused([
        { field: 'selected_groups', reason: `none is an Azure group of customer ${customerId}` },
      ]);
    perCustomer.set(
      customerId,
      read.groups.map((g) => g.id),
    );
    for (const group of read.groups) seen.add(group.id);
  }
  const unknown = ids.filter((id) => !seen.has(id));
  if (unknown.length)
    throw refused(
      unknown.map((id) => ({
        field: `selected_groups[${indexOf(groupIds, id)}]`,
        reason: 'is not an Azure group of any of the customers',
      })),
    );
  return perCustomer;
}

/** Why a run's groups cannot be read however often it is retried: the run fails at once. */
export class GroupsGone extends Error {}

/**
 * A run's devices (scheduled or sent now), read when it renders with the system's Graph access;
 * the run's customer was checked against its asker's reach first. Graph failing throws an Error
 * (the attempt fails and is retried); groups or an integration gone throw GroupsGone.
 */
export async function deviceScopeForRun(
  db: Db,
  customerId: string,
  groupIds: readonly string[],
): Promise<DeviceScope | null> {
  if (groupIds.length === 0) return null;
  const config = loadConfig();
  const tenants = await defenderTenantsOf(db, [customerId]);
  let read: CustomerGroupDevices | null;
  try {
    read = await groupsOfCustomer(db, tenants, groupIds, {
      outbound: config.outbound,
      secretsKey: config.secretsKey,
    });
  } catch (error) {
    if (error instanceof IntegrationSendError)
      throw new Error(`Microsoft Graph could not give the Azure groups' devices: ${error.message}`);
    throw error;
  }
  if (!read)
    throw new GroupsGone(
      'No Microsoft integration maps a tenant to the customer any more, so its Azure groups cannot be read.',
    );
  if (read.unknown.length)
    throw new GroupsGone(
      `Azure group ${read.unknown.join(', ')} is no longer a group of the customer's tenants.`,
    );
  return deviceScopeOf(read.groups);
}
