import { sql } from 'drizzle-orm';
import type { Db } from '../db/types.ts';

/** Alert statuses in which an escalation goes on: nobody has taken the alert up yet. */
export const ESCALATING_STATUSES: readonly string[] = ['new', 'open', 'escalated', 'reopened'];

/**
 * Called by the alert path (areas/alerts) in the transaction of a status change: an alert that
 * someone acknowledged, deferred or resolved stops its running escalations, and its activity says
 * so. Here rather than in areas/escalations, which itself writes alert activity through areas/alerts.
 */
export async function stopEscalationsOnStatus(
  tx: Db,
  changes: readonly { alertId: number; status: string }[],
): Promise<void> {
  const handled = changes.filter((c) => !ESCALATING_STATUSES.includes(c.status));
  if (handled.length === 0) return;
  const payload = JSON.stringify(handled.map((c) => ({ alert_id: c.alertId, status: c.status })));
  await tx.execute(sql`
    with handled as (
      select alert_id, status from jsonb_to_recordset(${payload}::jsonb) as h(alert_id bigint, status text)
    ), stopped as (
      update escalations e set state = 'stopped', ended_at = now()
      from handled h
      where e.alert_id = h.alert_id and e.state = 'running'
      returning e.id, e.alert_id, e.customer_id, e.step, h.status
    )
    insert into alert_activity (alert_id, customer_id, action, after)
    select alert_id, customer_id, 'escalation',
      jsonb_build_object('event', 'stopped', 'escalation_id', id, 'step', step, 'status', status)
    from stopped`);
}
