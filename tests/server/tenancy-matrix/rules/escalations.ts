import { SECRET } from '../world.ts';
import type { AreaRules, Ids } from './types.ts';

const plan = (ids: Ids) => ({
  name: `${SECRET} plan`,
  customer_id: ids.customer,
  time_zone: 'Europe/Helsinki',
  steps: [
    {
      name: 'On duty',
      wait_minutes: 15,
      contacts: [{ name: 'Desk', email: 'desk@globex.test', method: 'email' }],
    },
  ],
  hours: { '1': [{ start: '09:00', end: '17:00' }] },
});

/** Escalation plans. */
export const ESCALATIONS_RULES: AreaRules = {
  listEscalationPlans: { expect: 'filtered' },
  createEscalationPlan: { body: plan },
  getEscalationPlan: { path: (ids) => ({ plan_id: ids.plan }) },
  updateEscalationPlan: {
    path: (ids) => ({ plan_id: ids.plan }),
    body: (ids) => ({ ...plan(ids), version: ids.planVersion }),
  },
  deleteEscalationPlan: { path: (ids) => ({ plan_id: ids.plan }), ends: true },
  previewEscalationTimeline: { body: (ids) => ({ plan: plan(ids) }) },
  resolveEscalationPlan: { path: (ids) => ({ plan_id: ids.plan }) },
};
