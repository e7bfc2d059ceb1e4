import { and, eq } from 'drizzle-orm';
import { savedSearches } from '../../../db/schema/index.ts';
import { notFound } from '../../../errors.ts';
import type { Handler } from '../../../platform/handler.ts';
import { asCaller, principalOf } from '../../../plugins/auth.ts';
import { actionOf, actionsFor } from '../catalogue/actions.ts';
import { TRIGGERS, triggerOf } from '../catalogue/triggers.ts';

export const listWorkflowTriggers: Handler<'listWorkflowTriggers'> = async () => ({
  triggers: [...TRIGGERS],
});

export const listWorkflowActions: Handler<'listWorkflowActions'> = async (request) => {
  const triggerId = request.query.trigger_id;
  if (triggerId !== undefined && !triggerOf(triggerId)) throw notFound(`Trigger ${triggerId}`);
  return { actions: actionsFor(triggerId) };
};

export const getWorkflowAction: Handler<'getWorkflowAction'> = async (request) => {
  const action = actionOf(request.params.action_id);
  const triggerId = request.query.trigger_id;
  if (!action || (triggerId !== undefined && !action.triggers.includes(triggerId)))
    throw notFound(`Action ${request.params.action_id}`);
  return action;
};

/**
 * What a saved search hands a task that runs it: the count of its matches and the columns it
 * shows (its headers), each as `{{steps.<task id>.<name>}}`.
 */
export const getCustomSearchRuntimeParams: Handler<'getCustomSearchRuntimeParams'> = async (request) => {
  const principal = principalOf(request);
  const id = request.params.id;
  const [saved] = await asCaller(request, (tx) =>
    tx
      .select({ search: savedSearches.search })
      .from(savedSearches)
      .where(and(eq(savedSearches.id, id), eq(savedSearches.partnerId, principal.user.partnerId))),
  );
  if (!saved) throw notFound(`Saved search ${id}`);
  const headers = (saved.search as { headers?: unknown }).headers;
  const columns = Array.isArray(headers) ? headers.filter((h): h is string => typeof h === 'string') : [];
  return {
    runtime_params: [
      { name: 'count', label: 'Matches', path: 'count' },
      ...columns.map((column) => ({ name: column, label: column, path: `rows.0.${column}` })),
    ],
  };
};
