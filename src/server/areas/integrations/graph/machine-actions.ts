import { DEFENDER_API_URL } from '../kinds/defender.ts';
import { IntegrationSendError } from '../send-error.ts';
import { GraphClient, type GraphOptions } from './client.ts';
import { graphInstance } from './pull.ts';

/** The resource Defender for Endpoint's API tokens are for, whichever of its addresses is called. */
const DEFENDER_SCOPE = 'https://api.securitycenter.microsoft.com/.default';

export type DeviceAction = 'isolate' | 'unisolate';
export const ISOLATION_TYPES = ['Full', 'Selective'] as const;

export interface DeviceActionRequest {
  action: DeviceAction;
  /** The tenant the device is in (the external id its customer is mapped from). */
  tenantId: string;
  /** Defender's machine id (an alert's `mde_device_id`). */
  machineId: string;
  comment: string;
  isolationType?: (typeof ISOLATION_TYPES)[number];
}

/** Defender's MachineAction, as far as the product keeps it. */
interface MachineAction {
  id?: string;
  type?: string;
  status?: string;
  machineId?: string;
  computerDnsName?: string | null;
}

/**
 * Asks Defender for Endpoint to isolate a device from the network or release it
 * (`POST /api/machines/{id}/isolate` or `/unisolate`), with an app-only token of the device's
 * tenant, through the outbound guard. `db` must open the instance's credentials (the system
 * connection); the caller has checked first that the person it acts for may reach the customer
 * the tenant is mapped to. Defender answers with the action it queued (Pending), not its end.
 */
export async function actOnDevice(
  db: Parameters<typeof graphInstance>[0],
  integrationId: string,
  request: DeviceActionRequest,
  options: GraphOptions & { secretsKey?: string | undefined },
): Promise<{ actionId: string; status: string; machineId: string; deviceName: string | null }> {
  const instance = await graphInstance(db, integrationId, options.secretsKey);
  if (!instance)
    throw new IntegrationSendError(
      'not_found',
      `Integration ${integrationId} is not a Defender XDR integration.`,
    );
  if (!instance.row.validatedAt)
    throw new IntegrationSendError(
      'not_validated',
      `${instance.row.name} must be validated before it acts on devices.`,
    );
  const apiUrl = (instance.row.settings as Record<string, string>).defender_api_url || DEFENDER_API_URL;
  const client = new GraphClient(
    { ...instance.settings, graph_url: apiUrl },
    instance.secret,
    request.tenantId,
    {
      ...options,
      scope: DEFENDER_SCOPE,
    },
  );
  const path = `/api/machines/${encodeURIComponent(request.machineId)}/${request.action}`;
  const answer = await client.post<MachineAction>(
    path,
    request.action === 'isolate'
      ? { Comment: request.comment, IsolationType: request.isolationType ?? 'Full' }
      : { Comment: request.comment },
  );
  return {
    actionId: answer.id ?? '',
    status: answer.status ?? 'Pending',
    machineId: answer.machineId ?? request.machineId,
    deviceName: answer.computerDnsName ?? null,
  };
}
