import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.ts';
import { alerts, customers, escalationPlans, escalations } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { ESCALATING_STATUSES } from '../../platform/alert-escalations.ts';
import { changeAlertAsAsked, recordActivity } from '../alerts/index.ts';
import { ackKeyBox, newSealedAckKey } from './ack-key.ts';
import { segmentAt, stepsFor } from './calendar.ts';
import type { EscalationRow } from './present.ts';

/** The job that tells an escalation's next step once the current step's wait has passed. */
export const ESCALATION_JOB = 'escalation-step';

const { ackKey: _hidden, ...visible } = getTableColumns(escalations);
/** Every column but the signing key, which request work may not read (db/tenancy.ts). */
export const ESCALATION_COLUMNS = visible;

export interface NewEscalation {
  alertId: number;
  planId: string;
  /** Who starts it (a person, or the owner of a workflow): the alert becomes escalated in their name. */
  principal: Principal;
  /** Its id and signing key, sealed for that id (ack-key.ts). */
  ackKey: { escalationId: string; sealed: string };
  /** The console's public address: the acknowledge links point there. */
  serverUrl: string;
  at?: Date;
}

/**
 * Records an escalation of an alert in the caller's transaction (request work sees only its own
 * customers' alerts and plans, row-level security): the steps of the plan that apply now, copied.
 * The alert becomes `escalated` through the one alert path (its activity, notifications,
 * workflows and audit). The first step is told by the escalation job, which the caller queues
 * (`queueEscalationStep`).
 */
export async function beginEscalation(tx: Db, input: NewEscalation): Promise<EscalationRow> {
  const at = input.at ?? new Date();
  const [alert] = await tx
    .select({
      id: alerts.id,
      customerId: alerts.customerId,
      status: alerts.status,
      partnerId: customers.partnerId,
    })
    .from(alerts)
    .innerJoin(customers, eq(customers.customerId, alerts.customerId))
    .where(eq(alerts.id, input.alertId))
    .for('update', { of: alerts });
  if (!alert) throw notFound(`Alert ${input.alertId}`);
  if (!ESCALATING_STATUSES.includes(alert.status))
    throw badRequest(
      'alert_id',
      `Alert ${alert.id} is ${alert.status}: only an alert nobody has taken up is escalated.`,
    );
  const [plan] = await tx
    .select()
    .from(escalationPlans)
    .where(
      and(
        eq(escalationPlans.id, input.planId),
        eq(escalationPlans.partnerId, alert.partnerId),
        sql`(${escalationPlans.customerId} is null or ${escalationPlans.customerId} = ${alert.customerId})`,
      ),
    );
  if (!plan) throw notFound(`Escalation plan ${input.planId}`);
  const [running] = await tx
    .select({ id: escalations.id })
    .from(escalations)
    .where(and(eq(escalations.alertId, alert.id), eq(escalations.state, 'running')));
  if (running) throw conflict(`Alert ${alert.id} is already being escalated (${running.id}).`);
  const steps = stepsFor(plan.steps, segmentAt(plan, at).kind).map(({ step }) => step);
  if (steps.length === 0) throw badRequest('plan_id', `Plan ${plan.name} has no step that applies now.`);
  if (alert.status !== 'escalated')
    await changeAlertAsAsked(tx, input.principal, alert.id, { status: 'escalated' });
  const [row] = await tx
    .insert(escalations)
    .values({
      id: input.ackKey.escalationId,
      partnerId: alert.partnerId,
      customerId: alert.customerId,
      planId: plan.id,
      planName: plan.name,
      alertId: alert.id,
      steps,
      dueAt: at,
      ackKey: input.ackKey.sealed,
      serverUrl: input.serverUrl,
      startedBy: input.principal.user.contactId,
      startedAt: at,
    })
    .returning(ESCALATION_COLUMNS);
  await recordActivity(tx, null, [
    {
      alertId: alert.id,
      customerId: alert.customerId,
      action: 'escalation',
      after: { event: 'started', escalation_id: row!.id, plan: plan.name, steps: steps.length },
    },
  ]);
  return row!;
}

/** Queues the job that tells the escalation's next step at `runAt` (system connection: request work may not add jobs). */
export async function queueEscalationStep(db: Db, escalationId: string, runAt: Date): Promise<void> {
  await enqueueJob(db, ESCALATION_JOB, { escalation_id: escalationId }, { runAt });
}

/**
 * Escalates an alert through a plan on the system connection, for work that runs outside a
 * request (a workflow's step): the escalation and its first job in one transaction.
 */
export async function startEscalation(db: Db, input: Omit<NewEscalation, 'ackKey'>): Promise<EscalationRow> {
  const ackKey = newSealedAckKey(await ackKeyBox(db));
  return db.transaction(async (tx) => {
    const row = await beginEscalation(tx, { ...input, ackKey });
    await queueEscalationStep(tx, row.id, row.dueAt);
    return row;
  });
}
