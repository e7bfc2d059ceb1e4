import { SECRET } from '../world.ts';
import type { AreaRules } from './types.ts';

/** Cases. */
export const CASES_RULES: AreaRules = {
  listCaseActivity: { path: (ids) => ({ id: ids.case }) },
  listCaseAgentActions: { path: (ids) => ({ id: ids.case }) },
  assignCaseAlerts: { path: (ids) => ({ id: ids.case }), body: (ids) => ({ alert_ids: [ids.spareAlert] }) },
  unassignCaseAlert: { path: (ids) => ({ id: ids.case, alert_id: ids.alert }), ends: true },
  listCaseDiscussions: { path: (ids) => ({ id: ids.case }) },
  postCaseDiscussion: { path: (ids) => ({ id: ids.case }), body: () => ({ body: SECRET }) },
  updateCaseDiscussion: {
    path: (ids) => ({ id: ids.case, comment_id: ids.caseComment }),
    body: () => ({ body: SECRET }),
  },
  deleteCaseDiscussion: { path: (ids) => ({ id: ids.case, comment_id: ids.caseComment }), ends: true },
  listCases: { expect: 'filtered' },
  createCase: { body: (ids) => ({ customer_id: ids.customer, title: SECRET }) },
  aggregateCases: { path: () => ({ a: 'status', b: 'status' }), expect: 'filtered' },
  getCase: { path: (ids) => ({ id: ids.case }) },
  updateCase: {
    path: (ids) => ({ id: ids.case }),
    body: (ids) => ({ version: ids.caseVersion, title: SECRET }),
  },
  countCases: { expect: 'filtered' },
};
