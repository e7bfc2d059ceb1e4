import { and, desc, eq } from 'drizzle-orm';
import { alerts, escalations } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import type { Handler } from '../../platform/handler.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';
import { recordEscalationActivity } from './activity.ts';
import { presentEscalation } from './present.ts';
import { beginEscalation, ESCALATION_COLUMNS, queueEscalationStep } from './run.ts';
import { ackSignatureValid, parseAck } from './token.ts';

export const listAlertEscalations: Handler<'listAlertEscalations'> = async (request) => {
  const alertId = request.query.alert_id;
  const rows = await asCaller(request, async (tx) => {
    const [alert] = await tx.select({ id: alerts.id }).from(alerts).where(eq(alerts.id, alertId));
    if (!alert) throw notFound(`Alert ${alertId}`);
    return tx
      .select(ESCALATION_COLUMNS)
      .from(escalations)
      .where(eq(escalations.alertId, alertId))
      .orderBy(desc(escalations.startedAt), desc(escalations.id));
  });
  return { escalations: rows.map(presentEscalation) };
};

export const startEscalation: Handler<'startEscalation'> = async (request, reply) => {
  const principal = principalOf(request);
  const row = await asCaller(request, (tx) =>
    beginEscalation(tx, {
      alertId: request.body.alert_id,
      planId: request.body.plan_id,
      startedBy: principal.user.contactId,
      serverUrl: request.server.config.publicUrl,
    }),
  );
  // The job queue is the system's: the request's role may not write it.
  await queueEscalationStep(request.server.db, row.id, row.dueAt);
  reply.status(201);
  return presentEscalation(row);
};

/**
 * The link in a message: no session, the signed token is the credential. Acknowledging twice,
 * or after the escalation ended, answers what ended it and changes nothing.
 */
export const acknowledgeEscalation: Handler<'acknowledgeEscalation'> = async (request, reply) => {
  const claim = parseAck(request.query.token);
  const message = await request.server.db.transaction(async (tx) => {
    const [row] = claim
      ? await tx.select().from(escalations).where(eq(escalations.id, claim.escalationId)).for('update')
      : [];
    const contact = claim && row?.steps[claim.step]?.contacts[claim.contact];
    if (!claim || !row || !contact || !ackSignatureValid(row.ackKey, claim)) throw notFound('Escalation');
    if (row.state !== 'running') return endedMessage(row.state, row.acknowledgedBy);
    const by = `${contact.name} (${contact.method === 'email' ? contact.email : contact.phone})`;
    await tx
      .update(escalations)
      .set({ state: 'acknowledged', acknowledgedBy: by, endedAt: new Date() })
      .where(and(eq(escalations.id, row.id), eq(escalations.state, 'running')));
    await recordEscalationActivity(tx, row, {
      event: 'acknowledged',
      step: claim.step,
      contact: contact.name,
      by,
    });
    return `Thank you, ${contact.name}: alert ${row.alertId} is acknowledged and the escalation has stopped.`;
  });
  reply.type('text/plain; charset=utf-8').header('cache-control', 'no-store');
  return message as never;
};

function endedMessage(state: string, by: string | null): string {
  if (state === 'acknowledged') return `This escalation was already acknowledged by ${by ?? 'someone else'}.`;
  if (state === 'stopped') return 'This escalation already stopped: the alert was taken up in the console.';
  return 'This escalation already ended: every step was told.';
}
