import type { Handler } from '../../../platform/handler.ts';
import { asCaller, principalOf } from '../../../plugins/auth.ts';
import { caseActivity } from '../activity.ts';
import { loadCase } from '../present.ts';

/** The case's one activity feed; a case the caller may not see answers 404. */
export const listCaseActivity: Handler<'listCaseActivity'> = async (request) => {
  const principal = principalOf(request);
  return asCaller(request, async (tx) => {
    const found = await loadCase(tx, principal, request.params.id);
    return { activity: await caseActivity(tx, principal, found) };
  });
};
