import { defineFeature } from '../feature.ts';
import { ESCALATIONS_COMMANDS } from './commands.ts';

/**
 * Escalation plans (spec 2): their list, the plan editor with its timeline, and `>escalate` on
 * alerts. A labs feature (lab_escalations): the routes and the sidebar
 * link, second of the conditional ones, are absent until it is switched on.
 */
export const escalationsFeature = defineFeature({
  id: 'escalations',
  routes: [
    { path: '/escalations', name: 'escalations', access: 'listEscalationPlans', labs: 'lab_escalations' },
    {
      path: '/escalations/:uid',
      name: 'escalation_plan',
      access: 'listEscalationPlans',
      labs: 'lab_escalations',
    },
  ],
  screens: {
    escalations: () => import('./EscalationsPage.tsx').then((m) => m.EscalationsPage),
    escalation_plan: () => import('./PlanEditorPage.tsx').then((m) => m.PlanEditorPage),
  },
  sidebar: [
    {
      id: 'escalations',
      group: 'conditional',
      position: 1,
      to: '/escalations',
      route: 'escalations',
      icon: 'escalations',
      label: 'sidebar_escalations',
      labs: 'lab_escalations',
    },
  ],
  commands: ESCALATIONS_COMMANDS,
  namespaces: ['escalations'],
});
