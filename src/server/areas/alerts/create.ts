import { and, eq } from 'drizzle-orm';
import { audit } from '../../audit.ts';
import type { Principal } from '../../auth/principal.ts';
import { alerts, customers } from '../../db/schema/index.ts';
import { inIds } from '../../db/sql-helpers.ts';
import type { Db } from '../../db/types.ts';
import { customerNotFound } from '../../platform/scope.ts';
import { findMatchingMute } from '../mutes/index.ts';
import { recordAlertSightings } from '../threat/index.ts';
import { type ActivityEntry, recordActivity } from './activity.ts';
import { alertAgent } from './agent-link.ts';
import type { AlertRow } from './present.ts';

export interface NewAlert {
  customerId: string;
  title: string;
  type: string;
  priority?: string | undefined;
  riskScore?: number | undefined;
  severity?: string | undefined;
  confidence?: number | undefined;
  entityId?: string | undefined;
  hostName?: string | undefined;
  hostOs?: string | undefined;
  logLevel?: string | undefined;
  externalSource?: string | undefined;
  integrationId?: string | undefined;
  /** The agent that reported it or that the source names; else resolved from the host name. */
  agentId?: string | undefined;
  fields?: Record<string, unknown> | undefined;
}

/**
 * Stores a new alert for a customer the caller may see. An alert that an active mute of its
 * customer matches is stored as `muted`, and its activity names the mute; otherwise it is `new`.
 * An alert about an endpoint is linked to that customer's enrolled agent (agent-link.ts).
 */
export async function createAlertRecord(tx: Db, principal: Principal, input: NewAlert): Promise<AlertRow> {
  const [customer] = await tx
    .select({ id: customers.customerId })
    .from(customers)
    .where(
      and(
        eq(customers.customerId, input.customerId),
        inIds(customers.customerId, principal.scope.customerIds),
      ),
    );
  if (!customer) throw customerNotFound(input.customerId);

  const priority = input.priority ?? 'medium';
  const fields = input.fields ?? {};
  const agentId = await alertAgent(tx, input.customerId, input.agentId, input.hostName ?? null, fields);
  const mute = await findMatchingMute(tx, {
    customerId: input.customerId,
    title: input.title,
    type: input.type,
    priority,
    hostName: input.hostName ?? null,
    externalSource: input.externalSource ?? null,
    fields,
  });
  const [row] = await tx
    .insert(alerts)
    .values({
      customerId: input.customerId,
      title: input.title,
      type: input.type,
      status: mute ? 'muted' : 'new',
      priority,
      riskScore: input.riskScore ?? 0,
      severity: input.severity ?? null,
      confidence: input.confidence ?? null,
      entityId: input.entityId ?? null,
      hostName: input.hostName ?? null,
      hostOs: input.hostOs ?? null,
      logLevel: input.logLevel ?? null,
      externalSource: input.externalSource ?? null,
      integrationId: input.integrationId ?? null,
      agentId,
      fields,
    })
    .returning();
  const alert = row!;
  const entries: ActivityEntry[] = [
    { alertId: alert.id, customerId: alert.customerId, action: 'created', after: { status: alert.status } },
  ];
  if (mute)
    entries.push({
      alertId: alert.id,
      customerId: alert.customerId,
      action: 'muted',
      after: { mute_id: mute.id },
    });
  await recordActivity(tx, principal, entries);
  // Every field value the threat store knows becomes a sighting, shown on the alert and the indicator.
  await recordAlertSightings(tx, principal, alert);
  await audit(tx, principal, {
    action: 'create',
    entity: 'alert',
    entityId: String(alert.id),
    customerId: alert.customerId,
    after: {
      title: alert.title,
      type: alert.type,
      priority: alert.priority,
      status: alert.status,
      agent_id: alert.agentId,
      mute_id: mute?.id ?? null,
    },
  });
  return alert;
}
