import { and, count, eq } from 'drizzle-orm';
import type { components } from '../../../api/schema.d.ts';
import type { Principal } from '../../auth/principal.ts';
import { agents, alerts, detections } from '../../db/schema/index.ts';
import { inIds } from '../../db/sql-helpers.ts';
import type { Db } from '../../db/types.ts';
import { notFound } from '../../errors.ts';
import { canModify } from '../../platform/permissions.ts';
import { deriveAgentStatus } from '../agents/index.ts';
import { type AlertRow, presentAlert } from './present.ts';

/**
 * One alert the caller may see, or 404 'Alert {id} was not found.' (never 403: an alert of another
 * customer must not reveal that it exists). `lock` takes a row lock for a change.
 */
export async function loadAlert(
  tx: Db,
  principal: Principal,
  id: number,
  options: { lock?: boolean } = {},
): Promise<AlertRow> {
  const query = tx
    .select()
    .from(alerts)
    .where(and(eq(alerts.id, id), inIds(alerts.customerId, principal.scope.customerIds)));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw notFound(`Alert ${id}`);
  return row;
}

/** The detail shape of a loaded alert, with its detections count and whether the caller may change it. */
export async function alertDetail(
  tx: Db,
  principal: Principal,
  row: AlertRow,
): Promise<components['schemas']['Alert']> {
  const [counted] = await tx.select({ n: count() }).from(detections).where(eq(detections.alertId, row.id));
  return presentAlert(row, {
    detectionsCount: counted?.n ?? 0,
    canEdit: canModify(principal),
    agent: await linkedAgent(tx, row),
  });
}

/** The alert's agent as it stands now, with the status the agents list derives. */
async function linkedAgent(tx: Db, row: AlertRow): Promise<components['schemas']['AlertAgent'] | null> {
  if (!row.agentId) return null;
  const [agent] = await tx
    .select()
    .from(agents)
    .where(and(eq(agents.agentId, row.agentId), eq(agents.customerId, row.customerId)));
  if (!agent) return null;
  const derived = deriveAgentStatus(agent, new Date());
  return {
    agent_id: agent.agentId,
    host_name: agent.hostName,
    status: derived.status,
    states: derived.states,
    status_code: derived.statusCode,
  };
}
