import type { CommandOutcome } from '../../../../machines/command-flow/command-flow.context.ts';
import type { components } from '../../../api/schema.d.ts';
import type { RunContext } from '../../commands/command-types.ts';
import {
  eachItem,
  onTarget,
  reportSelection,
  type SelectionContext,
} from '../../commands/selection-actions.ts';
import { getCase, updateCase } from './api.ts';
import type { CasesCommandTarget } from './command-target.ts';

export type CaseStatus = components['schemas']['CaseStatus'];
export type CaseActionContext = SelectionContext<CasesCommandTarget>;

/** Most people a case can be assigned to (openapi/paths/cases.yaml, CaseAssignees). */
const MAX_ASSIGNEES = 20;

function finish(ctx: CaseActionContext, done: number, failed: Parameters<typeof reportSelection>[2]) {
  const text = done ? ctx.labels.commands('result.casesUpdated', { count: done }) : null;
  return reportSelection(ctx, text, failed);
}

/**
 * `>case-status <status>`: each selected case gets the status, sent with the version the list
 * showed, so a case someone changed meanwhile is reported (409) rather than overwritten.
 */
export async function setCaseStatus(run: RunContext, status: CaseStatus): Promise<CommandOutcome> {
  const ctx = onTarget<CasesCommandTarget>(run);
  const { ids, versions } = ctx.target;
  const { done, failed } = await eachItem(
    ids,
    (id) => `#${id}`,
    (id) => updateCase(id, versions[id] ?? 1, { status }),
  );
  return finish(ctx, done, failed);
}

/**
 * `>case-assign me`: the signed-in user joins each selected case's assignees (the others stay).
 * The case is read first, so the list of assignees sent back is the current one.
 */
export async function assignCasesToMe(run: RunContext): Promise<CommandOutcome> {
  const ctx = onTarget<CasesCommandTarget>(run);
  const email = ctx.email?.trim().toLowerCase();
  if (!email) throw new Error(ctx.labels.commands('result.notAvailable'));
  const { done, failed } = await eachItem(
    ctx.target.ids,
    (id) => `#${id}`,
    async (id) => {
      const data = await getCase(id);
      if (data.assigned_users.some((user) => user.toLowerCase() === email)) return data;
      const assigned = [...data.assigned_users, email].slice(-MAX_ASSIGNEES);
      return updateCase(id, data.version, { assigned_users: assigned });
    },
  );
  return finish(ctx, done, failed);
}
