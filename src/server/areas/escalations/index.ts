import { isGlobal, samePartner, scopeIds } from '../../db/policies.ts';
import type { Handlers } from '../../platform/handler.ts';
import { defineArea } from '../area.ts';
import { ESCALATIONS_JOBS, ESCALATIONS_SCHEDULES } from './jobs.ts';
import {
  createEscalationPlan,
  deleteEscalationPlan,
  getEscalationPlan,
  listEscalationPlans,
  previewEscalationTimeline,
  resolveEscalationPlan,
  updateEscalationPlan,
} from './plan-handlers.ts';
import {
  acknowledgeEscalation,
  listAlertEscalations,
  showEscalationAcknowledgement,
  startEscalation,
} from './run-handlers.ts';

type EscalationOperation =
  | 'listEscalationPlans'
  | 'createEscalationPlan'
  | 'getEscalationPlan'
  | 'updateEscalationPlan'
  | 'deleteEscalationPlan'
  | 'resolveEscalationPlan'
  | 'previewEscalationTimeline'
  | 'listAlertEscalations'
  | 'startEscalation'
  | 'showEscalationAcknowledgement'
  | 'acknowledgeEscalation';

/** Escalation plans (spec 2, sections 2, 3 and 5) and escalating alerts through them. */
export const escalationHandlers: Handlers<EscalationOperation> = {
  listEscalationPlans,
  createEscalationPlan,
  getEscalationPlan,
  updateEscalationPlan,
  deleteEscalationPlan,
  resolveEscalationPlan,
  previewEscalationTimeline,
  listAlertEscalations,
  startEscalation,
  showEscalationAcknowledgement,
  acknowledgeEscalation,
};

/** A workflow step escalates an alert with this (system connection), as the console does. */
export { type NewEscalation, startEscalation } from './run.ts';
/** The rules a plan made in the console passes: the demo data's plan passes them too. */
export { checkedPlan, type PlanInput } from './validate.ts';

export const escalationsArea = defineArea({
  name: 'escalations',
  handlers: escalationHandlers,
  jobs: ESCALATIONS_JOBS,
  schedules: ESCALATIONS_SCHEDULES,
  tables: ['escalation_plans', 'escalations'],
  tenantPolicies: {
    // A plan for every customer (no customer) only to those who reach every customer.
    escalation_plans: `${samePartner} and (customer_id = any (${scopeIds}) or (customer_id is null and ${isGlobal}))`,
    escalations: `${samePartner} and customer_id = any (${scopeIds})`,
  },
});
