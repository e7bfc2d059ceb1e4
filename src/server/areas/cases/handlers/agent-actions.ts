import { desc, eq } from 'drizzle-orm';
import { agentActions } from '../../../db/schema/index.ts';
import type { Handler } from '../../../platform/handler.ts';
import { asCaller, principalOf } from '../../../plugins/auth.ts';
import { presentAction } from '../../agents/index.ts';
import { loadCase } from '../present.ts';

/** A case's activity lists this many of the actions started from it. */
const ACTIONS_PER_CASE = 500;

/**
 * The agent actions started from a case, as they stand now (queued, delivered, … with the
 * agent's receipts). The case is looked up first, so a case the caller may not see answers 404.
 */
export const listCaseAgentActions: Handler<'listCaseAgentActions'> = async (request) => {
  const principal = principalOf(request);
  return asCaller(request, async (tx) => {
    const found = await loadCase(tx, principal, request.params.id);
    const rows = await tx
      .select()
      .from(agentActions)
      .where(eq(agentActions.caseId, found.id))
      .orderBy(desc(agentActions.createdAt), desc(agentActions.actionId))
      .limit(ACTIONS_PER_CASE);
    return { actions: rows.map(presentAction) };
  });
};
