import { and, eq } from 'drizzle-orm';
import { loadConfig } from '../../../config.ts';
import { alerts, integrationMappings, integrations } from '../../../db/schema/index.ts';
import { requireAgentControl } from '../../agents/index.ts';
import {
  actOnDevice,
  DEFENDER_KIND,
  type DeviceAction,
  IntegrationSendError,
  ISOLATION_TYPES,
} from '../../integrations/index.ts';
import type { ActContext, StepOutcome } from './act.ts';
import { asSystem } from './as-system.ts';
import { StepRefused } from './refused.ts';

const str = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** Defender's answers that will be the same next time: a device it does not know, a state it refuses. */
const finalAnswer = (status: number | undefined) =>
  status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429;

/**
 * Isolates the run's alert's device through a Microsoft Defender XDR integration, or releases it.
 * Everything the step reaches is read under the workflow owner's role as it is now: the
 * permission to act on endpoints, the alert, the integration and the tenant mapped to the
 * alert's customer. Only then are the instance's credentials opened, as the system.
 */
async function deviceAction(c: ActContext, action: DeviceAction): Promise<StepOutcome> {
  requireAgentControl(c.principal, action === 'isolate' ? 'isolate devices' : 'release isolated devices');
  if (c.run.alertId === null) throw new StepRefused('This step needs an alert, and the run has none.');
  const integrationId = str(c.input.integration_id).trim();
  const [alert] = await c.tx
    .select({ customerId: alerts.customerId, fields: alerts.fields })
    .from(alerts)
    .where(eq(alerts.id, c.run.alertId));
  if (!alert) throw new StepRefused(`Alert ${c.run.alertId} was not found.`);
  const [integration] = await c.tx
    .select({ id: integrations.id, name: integrations.name, kind: integrations.kind })
    .from(integrations)
    .where(eq(integrations.id, integrationId));
  if (!integration) throw new StepRefused(`Integration ${integrationId} was not found.`);
  if (integration.kind !== DEFENDER_KIND)
    throw new StepRefused(`${integration.name} is not a Microsoft Defender XDR integration.`);
  const machineId = str(c.input.device_id).trim() || str(alert.fields.mde_device_id).trim();
  if (!machineId)
    throw new StepRefused(`Alert ${c.run.alertId} names no Defender device, and the step gives none.`);
  const tenants = (
    await c.tx
      .select({ externalId: integrationMappings.externalId })
      .from(integrationMappings)
      .where(
        and(
          eq(integrationMappings.integrationId, integration.id),
          eq(integrationMappings.customerId, alert.customerId),
        ),
      )
  ).map((row) => row.externalId);
  // The alert's own tenant when it came from Defender; else the customer's one tenant.
  const alertTenant = str(alert.fields.tenant_id).toLowerCase();
  const tenantId =
    tenants.find((tenant) => tenant.toLowerCase() === alertTenant) ??
    (tenants.length === 1 ? tenants[0] : undefined);
  if (!tenantId)
    throw new StepRefused(
      tenants.length === 0
        ? `${integration.name} maps no tenant to the alert's customer.`
        : `${integration.name} maps several tenants to the alert's customer, and the alert names none of them.`,
    );
  const isolationType = ISOLATION_TYPES.find((type) => type === str(c.input.isolation_type)) ?? 'Full';
  const config = loadConfig();
  try {
    const done = await asSystem(c.tx, (system) =>
      actOnDevice(
        system,
        integration.id,
        {
          action,
          tenantId,
          machineId,
          isolationType,
          comment:
            str(c.input.comment).trim() ||
            `Watchfloor workflow run ${c.run.id}, alert ${c.run.alertId}: ${config.publicUrl}/alerts/${c.run.alertId}`,
        },
        { outbound: config.outbound, secretsKey: config.secretsKey, timeoutMs: 15_000 },
      ),
    );
    return {
      output: {
        integration_id: integration.id,
        tenant_id: tenantId,
        device_id: done.machineId,
        device: done.deviceName,
        defender_action_id: done.actionId,
        status: done.status,
      },
    };
  } catch (error) {
    if (error instanceof IntegrationSendError && (error.reason !== 'failed' || finalAnswer(error.status)))
      throw new StepRefused(error.message);
    throw error;
  }
}

/** Device isolation through Microsoft Defender XDR, offered to workflows. */
export const DEVICE_ACTIONS: Record<string, (c: ActContext) => Promise<StepOutcome>> = {
  defender_isolate_device: (c) => deviceAction(c, 'isolate'),
  defender_unisolate_device: (c) => deviceAction(c, 'unisolate'),
};

/** What a device step would do, for a test run: nothing is asked of Defender. */
export function previewDevice(actionId: string, input: Record<string, unknown>, on: string) {
  if (!(actionId in DEVICE_ACTIONS)) return null;
  const device = str(input.device_id) || `the device of ${on || 'the alert'}`;
  return {
    would:
      actionId === 'defender_isolate_device'
        ? `Isolate ${device} (${str(input.isolation_type) || 'Full'}) through integration ${str(input.integration_id)}.`
        : `Release ${device} from isolation through integration ${str(input.integration_id)}.`,
    output: { defender_action_id: null, status: null },
    stop: false,
  };
}
