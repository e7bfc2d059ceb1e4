import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { alertNotificationQueue, alerts, customers, users } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { queueMail } from '../../mail/outbox.ts';
import type { ActivityEntry } from './activity.ts';

export const NOTIFICATION_JOB = 'alert-notifications';

/** The profile's e-mail notification preferences (user attributes). */
const PREFERENCE = {
  new: 'email_new_alert',
  assigned: 'email_assigned_alert',
  updated: 'email_alert_updated',
} as const;
type NotificationEvent = keyof typeof PREFERENCE;

/** Events one mail lists in full; the rest are counted. */
const LINES_PER_MAIL = 25;
/** Queue rows one run takes: a bulk update of 10 000 alerts is mailed over a few runs. */
const BATCH = 2000;
const MAX_BATCHES_PER_RUN = 50;

interface QueuedEvent {
  alert_id: number;
  customer_id: string;
  actor_id: string | null;
  event: NotificationEvent;
  field: string | null;
  before: unknown;
  after: unknown;
}

const lower = (values: unknown): string[] =>
  Array.isArray(values) ? values.filter((v) => typeof v === 'string').map((v) => v.toLowerCase()) : [];

/**
 * The notification events of activity just recorded: a new alert (not one a mute caught), people
 * newly assigned, and every changed field. Comments are left out: a private one must never reach a
 * customer's inbox.
 */
export function notificationEvents(actorId: string | null, entries: readonly ActivityEntry[]): QueuedEvent[] {
  const events: QueuedEvent[] = [];
  for (const e of entries) {
    const base = { alert_id: e.alertId, customer_id: e.customerId, actor_id: actorId };
    if (e.action === 'created' && (e.after as { status?: string } | null)?.status === 'new') {
      events.push({ ...base, event: 'new', field: null, before: null, after: null });
    }
    if (e.action !== 'updated' || !e.field) continue;
    if (e.field === 'assigned_users') {
      const before = new Set(lower(e.before));
      const added = lower(e.after).filter((email) => !before.has(email));
      if (added.length > 0)
        events.push({ ...base, event: 'assigned', field: e.field, before: null, after: added });
    }
    events.push({
      ...base,
      event: 'updated',
      field: e.field,
      before: e.before ?? null,
      after: e.after ?? null,
    });
  }
  return events;
}

/** Queues the events in the caller's transaction (one statement, one JSON parameter, like activity). */
export async function queueNotificationEvents(tx: Db, events: readonly QueuedEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tx.execute(sql`
    insert into ${alertNotificationQueue} (alert_id, customer_id, actor_id, event, field, before, after)
    select alert_id, customer_id, actor_id, event, field, before, after
    from jsonb_to_recordset(${JSON.stringify(events)}::jsonb) as r(
      alert_id bigint, customer_id uuid, actor_id uuid, event text, field text, before jsonb, after jsonb)`);
}

interface Recipient {
  contactId: string;
  email: string;
  partnerId: string;
  global: boolean;
  customerIds: readonly string[];
  wants: Record<NotificationEvent, boolean>;
}

const describeValue = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '(none)';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '(none)';
  return String(value);
};

/**
 * Mails what is queued (system connection, one transaction: the rows taken and the mail queued are
 * kept together, so a failed run is retried whole). Each person hears only of alerts of customers
 * they can see, only of the kinds they asked for, and never of their own changes; all of one run
 * goes in one mail per person (per batch). Answers how many events were taken and mails queued.
 */
export async function sendAlertNotifications(
  db: Db,
  publicUrl: string,
): Promise<{ events: number; mails: number }> {
  const done = { events: 0, mails: 0 };
  // Batch after batch until the queue is empty (a busy ingest can raise thousands a minute), each
  // batch its own transaction; bounded so one run cannot hold the worker for ever.
  for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch++) {
    const { events, mails } = await sendBatch(db, publicUrl);
    done.events += events;
    done.mails += mails;
    if (events < BATCH) break;
  }
  return done;
}

async function sendBatch(db: Db, publicUrl: string): Promise<{ events: number; mails: number }> {
  return db.transaction(async (tx) => {
    const taken = await tx
      .delete(alertNotificationQueue)
      .where(
        inArray(
          alertNotificationQueue.id,
          tx
            .select({ id: alertNotificationQueue.id })
            .from(alertNotificationQueue)
            .orderBy(alertNotificationQueue.id)
            .limit(BATCH)
            .for('update', { skipLocked: true }),
        ),
      )
      .returning();
    if (taken.length === 0) return { events: 0, mails: 0 };
    taken.sort((a, b) => a.id - b.id);

    const alertIds = [...new Set(taken.map((row) => row.alertId))];
    const alertRows = await tx
      .select({
        id: alerts.id,
        title: alerts.title,
        priority: alerts.priority,
        assignedUsers: alerts.assignedUsers,
      })
      .from(alerts)
      .where(inArray(alerts.id, alertIds));
    const alertById = new Map(alertRows.map((a) => [a.id, a]));
    const customerRows = await tx
      .select({ id: customers.customerId, name: customers.name, partnerId: customers.partnerId })
      .from(customers)
      .where(inArray(customers.customerId, [...new Set(taken.map((row) => row.customerId))]));
    const customerById = new Map(customerRows.map((c) => [c.id, c]));

    const wanting = (key: string) => sql`${users.attributes} ->> ${key} = 'true'`;
    const people: Recipient[] = (
      await tx
        .select()
        .from(users)
        .where(
          and(
            inArray(users.partnerId, [...new Set(customerRows.map((c) => c.partnerId))]),
            eq(users.isProvisioning, false),
            or(...Object.values(PREFERENCE).map(wanting)),
          ),
        )
    ).map((u) => ({
      contactId: u.contactId,
      email: u.email,
      partnerId: u.partnerId,
      global: u.roleLevel === 'Global',
      customerIds: u.validCustomerIds,
      wants: {
        new: u.attributes[PREFERENCE.new] === true,
        assigned: u.attributes[PREFERENCE.assigned] === true,
        updated: u.attributes[PREFERENCE.updated] === true,
      },
    }));

    const lines = new Map<Recipient, string[]>();
    for (const row of taken) {
      const alert = alertById.get(row.alertId);
      const customer = customerById.get(row.customerId);
      if (!alert || !customer) continue;
      const event = row.event as NotificationEvent;
      const assigned = new Set(lower(alert.assignedUsers));
      const newlyAssigned = new Set(lower(row.after));
      const label = `alert ${alert.id} (${alert.priority}) "${alert.title}" of ${customer.name}`;
      for (const person of people) {
        if (person.contactId === row.actorId || !person.wants[event]) continue;
        const seesCustomer =
          person.partnerId === customer.partnerId &&
          (person.global || person.customerIds.includes(customer.id));
        if (!seesCustomer) continue;
        const email = person.email.toLowerCase();
        let line: string | null = null;
        if (event === 'new') line = `New ${label}`;
        else if (event === 'assigned' && newlyAssigned.has(email)) line = `You were assigned ${label}`;
        else if (event === 'updated' && assigned.has(email))
          line = `Updated ${label}: ${row.field} changed from ${describeValue(row.before)} to ${describeValue(row.after)}`;
        if (!line) continue;
        const list = lines.get(person) ?? [];
        list.push(`${line}\n  ${publicUrl}/alerts/${alert.id}`);
        lines.set(person, list);
      }
    }

    for (const [person, list] of lines) {
      const shown = list.slice(0, LINES_PER_MAIL);
      const more = list.length - shown.length;
      await queueMail(tx, {
        partnerId: person.partnerId,
        to: [person.email],
        subject:
          list.length === 1
            ? `Watchfloor: ${shown[0]!.split('\n')[0]}`
            : `Watchfloor: ${list.length} alert notifications`,
        text: [
          ...shown,
          ...(more > 0 ? [`…and ${more} more: ${publicUrl}/alerts`] : []),
          '',
          `You get these because of your e-mail notification settings: ${publicUrl}/profile`,
        ].join('\n\n'),
      });
    }
    return { events: taken.length, mails: lines.size };
  });
}
