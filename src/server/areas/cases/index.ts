import { inScope } from '../../db/policies.ts';
import type { Handlers } from '../../platform/handler.ts';
import { defineArea } from '../area.ts';
import { listCaseActivity } from './handlers/activity.ts';
import { listCaseAgentActions } from './handlers/agent-actions.ts';
import { assignCaseAlerts, unassignCaseAlert } from './handlers/alerts.ts';
import { aggregateCases, createCase, getCase, listCases, updateCase } from './handlers/cases.ts';
import {
  deleteCaseDiscussion,
  listCaseDiscussions,
  postCaseDiscussion,
  updateCaseDiscussion,
} from './handlers/discussions.ts';

type CaseOperation =
  | 'listCases'
  | 'getCase'
  | 'createCase'
  | 'updateCase'
  | 'aggregateCases'
  | 'assignCaseAlerts'
  | 'unassignCaseAlert'
  | 'listCaseDiscussions'
  | 'postCaseDiscussion'
  | 'updateCaseDiscussion'
  | 'deleteCaseDiscussion'
  | 'listCaseAgentActions'
  | 'listCaseActivity';

/** Cases (spec 2, section 7 "Cases"), their alerts, their comments, the agent actions started from them and one activity feed of all three; countCases lives with the counts. */
export const caseHandlers: Handlers<CaseOperation> = {
  listCases,
  getCase,
  createCase,
  updateCase,
  aggregateCases,
  assignCaseAlerts,
  unassignCaseAlert,
  listCaseDiscussions,
  postCaseDiscussion,
  updateCaseDiscussion,
  deleteCaseDiscussion,
  listCaseAgentActions,
  listCaseActivity,
};

/** Alerts take assignees by the same rule as cases. */
export { checkedAssignees } from './assignees.ts';
/** A workflow's steps open cases and add alerts to them as its publisher. */
export { addAlertsToCase, openCase } from './open.ts';

export const casesArea = defineArea({
  name: 'cases',
  handlers: caseHandlers,
  tables: ['cases'],
  tenantPolicies: {
    cases: inScope,
  },
});
