import { and, eq } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.ts';
import { agents } from '../../db/schema/index.ts';
import { inIds } from '../../db/sql-helpers.ts';
import type { Db } from '../../db/types.ts';
import { notFound } from '../../errors.ts';

export type AgentRow = typeof agents.$inferSelect;

/**
 * The agent with this id among the caller's customers, locked for the change about to be made
 * when `forUpdate`; 404 otherwise (an agent of another customer does not exist for the caller).
 */
export async function visibleAgent(
  tx: Db,
  principal: Principal,
  agentId: string,
  { forUpdate = false } = {},
): Promise<AgentRow> {
  const query = tx
    .select()
    .from(agents)
    .where(and(eq(agents.agentId, agentId), inIds(agents.customerId, principal.scope.customerIds)));
  const [agent] = forUpdate ? await query.for('update') : await query;
  if (!agent) throw notFound(`Agent ${agentId}`);
  return agent;
}
