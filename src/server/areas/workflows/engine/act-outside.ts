import { eq } from 'drizzle-orm';
import { loadConfig, outboundSettings } from '../../../config.ts';
import { escalationPlans, integrations } from '../../../db/schema/index.ts';
import { startEscalation } from '../../escalations/index.ts';
import { IntegrationSendError, sendThroughIntegration } from '../../integrations/index.ts';
import type { ActContext, StepOutcome } from './act.ts';
import { DEVICE_ACTIONS, previewDevice } from './act-device.ts';
import { asSystem } from './as-system.ts';
import { StepRefused } from './refused.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const str = (value: unknown) => (value === null || value === undefined ? '' : String(value));

function uuidOf(value: unknown, what: string): string {
  const id = str(value).trim();
  if (!UUID.test(id)) throw new StepRefused(`"${id.slice(0, 100)}" is not ${what} id.`);
  return id;
}

/** Actions whose effect leaves the database: a send interrupted by the worker's death is not repeated. */
export const OUTSIDE_ACTIONS: readonly string[] = [
  'http_request',
  'call_integration',
  ...Object.keys(DEVICE_ACTIONS),
];

/** The actions that work through other areas: escalation plans and outbound integrations. */
export const OUTSIDE_AREA_ACTIONS: Record<string, (c: ActContext) => Promise<StepOutcome>> = {
  escalate: async (c) => {
    if (c.run.alertId === null) throw new StepRefused('This step needs an alert, and the run has none.');
    const planId = uuidOf(c.input.plan_id, 'an escalation plan');
    // Under the owner's role: a plan they cannot see (another provider's, a customer's out of reach) is not found.
    const [plan] = await c.tx
      .select({ customerId: escalationPlans.customerId })
      .from(escalationPlans)
      .where(eq(escalationPlans.id, planId));
    if (!plan) throw new StepRefused(`Escalation plan ${planId} was not found.`);
    if (plan.customerId !== null && plan.customerId !== c.run.customerId)
      throw new StepRefused(`Escalation plan ${planId} belongs to another customer.`);
    const alertId = c.run.alertId;
    const row = await asSystem(c.tx, (system) =>
      startEscalation(system, {
        alertId,
        planId,
        principal: c.principal,
        serverUrl: loadConfig().publicUrl,
        at: c.now,
      }),
    );
    return { output: { escalation_id: row.id, plan: row.planName, steps: row.steps.length } };
  },
  call_integration: async (c) => {
    const integrationId = uuidOf(c.input.integration_id, 'an integration');
    const [found] = await c.tx
      .select({ id: integrations.id, name: integrations.name })
      .from(integrations)
      .where(eq(integrations.id, integrationId));
    if (!found) throw new StepRefused(`Integration ${integrationId} was not found.`);
    const config = loadConfig();
    const message = {
      title: str(c.input.title).slice(0, 500) || 'Watchfloor',
      text: str(c.input.message),
      severity: str(c.input.severity) || 'medium',
      // PagerDuty drops a repeat of the same key; the others are kept from repeating by step.ts.
      dedupKey: c.idempotencyKey,
      ...(c.run.alertId !== null && { link: `${config.publicUrl}/alerts/${c.run.alertId}` }),
      details: { workflow_id: c.run.workflowId, run_id: c.run.id },
    };
    try {
      const sent = await asSystem(c.tx, (system) =>
        sendThroughIntegration(system, integrationId, message, {
          outbound: outboundSettings(),
          secretsKey: config.secretsKey,
          timeoutMs: 15_000,
        }),
      );
      return { output: { integration_id: integrationId, integration: found.name, status: sent.status } };
    } catch (error) {
      // A host that failed may answer next time; an integration that cannot send will not.
      if (error instanceof IntegrationSendError && error.reason !== 'failed')
        throw new StepRefused(error.message);
      throw error;
    }
  },
  ...DEVICE_ACTIONS,
};

/** What these actions would do, for a test run: described, nothing sent or started. */
export function previewOutside(actionId: string, input: Record<string, unknown>, on: string) {
  switch (actionId) {
    case 'escalate':
      return {
        would: `Escalate ${on || 'the alert'} through escalation plan ${str(input.plan_id)}.`,
        output: { escalation_id: null },
        stop: false,
      };
    case 'call_integration':
      return {
        would: `Send "${str(input.title)}" through integration ${str(input.integration_id)}.`,
        output: { status: null },
        stop: false,
      };
    default:
      return previewDevice(actionId, input, on);
  }
}
