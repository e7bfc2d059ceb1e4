import { and, eq, lte } from 'drizzle-orm';
import { alerts, escalations } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { queueMail } from '../../mail/outbox.ts';
import { ESCALATING_STATUSES } from '../../platform/alert-escalations.ts';
import { ackKeyBox, openAckKey } from './ack-key.ts';
import { type ActivityEntryOf, recordEscalationActivity } from './activity.ts';
import type { PhoneProvider } from './provider.ts';
import { ESCALATION_JOB } from './run.ts';
import { signAck } from './token.ts';

type Row = typeof escalations.$inferSelect;

/** What telling a step needs besides the database: the clock and the SMS and voice provider. */
export interface AdvanceContext {
  now: Date;
  phone: PhoneProvider | null;
}

/**
 * Moves one escalation on, under its row lock: stops it when its alert was taken up meanwhile,
 * and once the current step's wait has passed tells the next step's contacts (or ends it as
 * exhausted after the last). Running it again early, or twice, changes nothing.
 */
export async function advanceEscalation(
  db: Db,
  escalationId: string,
  context: AdvanceContext,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(escalations).where(eq(escalations.id, escalationId)).for('update');
    if (row?.state !== 'running' || row.dueAt > context.now) return;
    const [alert] = await tx
      .select({ status: alerts.status, title: alerts.title, priority: alerts.priority })
      .from(alerts)
      .where(eq(alerts.id, row.alertId));
    const record = (after: Record<string, unknown>) => recordEscalationActivity(tx, row, after);
    if (!alert || !ESCALATING_STATUSES.includes(alert.status)) {
      await end(tx, row, 'stopped', context.now);
      return record({ event: 'stopped', step: row.step, status: alert?.status ?? 'deleted' });
    }
    const next = row.step + 1;
    const step = row.steps[next];
    if (!step) {
      await end(tx, row, 'exhausted', context.now);
      return record({ event: 'exhausted', step: row.step });
    }
    const dueAt = new Date(context.now.getTime() + step.wait_minutes * 60_000);
    await tx.update(escalations).set({ step: next, dueAt }).where(eq(escalations.id, row.id));
    const entries: ActivityEntryOf[] = [];
    const key = openAckKey(await ackKeyBox(db), row.id, row.ackKey);
    for (const [index, contact] of step.contacts.entries()) {
      const link = `${row.serverUrl}/api/escalations/v1/acknowledge?token=${signAck(key, { escalationId: row.id, step: next, contact: index })}`;
      const text = messageText(row, alert, step.name, step.wait_minutes, link);
      const attempt = {
        event: 'told',
        step: next,
        step_name: step.name,
        contact: contact.name,
        method: contact.method,
      };
      try {
        if (contact.method === 'email') {
          await queueMail(tx, {
            to: [contact.email],
            subject: `Escalation: alert ${row.alertId} ${alert.title}`,
            text,
            partnerId: row.partnerId,
          });
          entries.push({ ...attempt, address: contact.email, outcome: 'queued' });
        } else {
          if (!context.phone) throw new Error('no SMS and voice provider is configured');
          const sent =
            contact.method === 'sms'
              ? await context.phone.sendSms(contact.phone, text)
              : await context.phone.call(contact.phone, spokenText(row, alert, step.name));
          entries.push({ ...attempt, address: contact.phone, outcome: 'sent', provider_id: sent.id });
        }
      } catch (error) {
        // One contact that cannot be reached never keeps the others from being told.
        const reason = error instanceof Error ? error.message : String(error);
        entries.push({
          ...attempt,
          address: contact.method === 'email' ? contact.email : contact.phone,
          outcome: 'failed',
          error: reason,
        });
      }
    }
    for (const entry of entries) await record(entry);
    await enqueueJob(
      tx,
      ESCALATION_JOB,
      { escalation_id: row.id },
      { runAt: dueAt, partnerId: row.partnerId },
    );
  });
}

async function end(tx: Db, row: Row, state: 'stopped' | 'exhausted', now: Date) {
  await tx.update(escalations).set({ state, endedAt: now }).where(eq(escalations.id, row.id));
}

function messageText(
  row: Row,
  alert: { title: string; priority: string },
  stepName: string,
  wait: number,
  link: string,
) {
  return [
    `Alert ${row.alertId} (${alert.priority}): ${alert.title}`,
    `You are told as ${stepName} of the escalation plan ${row.planName}.`,
    `Acknowledge within ${wait} minutes, or the next step is told: ${link}`,
  ].join('\n');
}

function spokenText(row: Row, alert: { title: string; priority: string }, stepName: string) {
  return `Watchfloor escalation. ${alert.priority} alert ${row.alertId}: ${alert.title}. You are ${stepName} of the plan ${row.planName}. Acknowledge the alert in the Watchfloor console.`;
}

/** Every running escalation whose wait has passed (the schedule's sweep, should a job be lost). */
export async function dueEscalations(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: escalations.id })
    .from(escalations)
    .where(and(eq(escalations.state, 'running'), lte(escalations.dueAt, now)))
    .limit(500);
  return rows.map((r) => r.id);
}
