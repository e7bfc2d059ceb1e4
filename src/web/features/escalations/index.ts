import type { AccessRule } from '../../../common/permissions.ts';
import { defineFeature } from '../feature.ts';

/** Provider staff who may read escalation plans (spec 1, section 6). */
const escalations: AccessRule = { globalScope: true, anyOf: ['read_all', 'read_escalation'] };

/**
 * Escalation plans (spec 2): contact steps and working hours, once their API exists; until then
 * both routes say what is coming. A labs feature (lab_escalations): the routes and the sidebar
 * link, second of the conditional ones, are absent until it is switched on.
 */
export const escalationsFeature = defineFeature({
  id: 'escalations',
  routes: [
    { path: '/escalations', name: 'escalations', access: escalations, labs: 'lab_escalations' },
    { path: '/escalations/:uid', name: 'escalation_plan', access: escalations, labs: 'lab_escalations' },
  ],
  screens: {
    escalations: () => import('./EscalationsPage.tsx').then((m) => m.EscalationsPage),
    escalation_plan: () => import('./EscalationsPage.tsx').then((m) => m.EscalationsPage),
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
  namespaces: ['escalations'],
});
