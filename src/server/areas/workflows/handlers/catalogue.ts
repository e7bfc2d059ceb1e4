import { and, eq } from 'drizzle-orm';
import { savedSearches } from '../../../db/schema/index.ts';
import { notFound } from '../../../errors.ts';
import type { Handler } from '../../../platform/handler.ts';
import { asCaller, principalOf } from '../../../plugins/auth.ts';
import { actionOf, actionsFor } from '../catalogue/actions.ts';
import { ACTION_OUTPUTS } from '../catalogue/outputs.ts';
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
 * What a task that runs a saved search hands the steps after it: the outputs a
 * `saved_search_count` step produces (its count against the threshold), each as
 * `{{steps.<task id>.<name>}}`. The step counts matches and keeps no rows, so it offers no columns.
 */
export const getCustomSearchRuntimeParams: Handler<'getCustomSearchRuntimeParams'> = async (request) => {
  const principal = principalOf(request);
  const id = request.params.id;
  const [saved] = await asCaller(request, (tx) =>
    tx
      .select({ id: savedSearches.id })
      .from(savedSearches)
      .where(and(eq(savedSearches.id, id), eq(savedSearches.partnerId, principal.user.partnerId))),
  );
  if (!saved) throw notFound(`Saved search ${id}`);
  return {
    runtime_params: (ACTION_OUTPUTS.saved_search_count ?? []).map((output) => ({
      name: output.name,
      label: output.description,
      path: output.name,
    })),
  };
};
