import type { AccessRule } from '../../../common/permissions.ts';
import { defineFeature } from '../feature.ts';

/** Provider staff who may read integrations (spec 1, section 6). */
const integrations: AccessRule = { globalScope: true, anyOf: ['read_integration', 'read_all'] };

/**
 * Integrations (spec 2): connections to third-party security products, once their API exists;
 * until then both routes say what is coming. First of the sidebar's conditional links.
 */
export const integrationsFeature = defineFeature({
  id: 'integrations',
  routes: [
    { path: '/integrations', name: 'integrations', access: integrations },
    { path: '/integrations/:id', name: 'integration', access: integrations },
  ],
  screens: {
    integrations: () => import('./IntegrationsPage.tsx').then((m) => m.IntegrationsPage),
    integration: () => import('./IntegrationsPage.tsx').then((m) => m.IntegrationsPage),
  },
  sidebar: [
    {
      id: 'integrations',
      group: 'conditional',
      position: 0,
      to: '/integrations',
      route: 'integrations',
      icon: 'integrations',
    },
  ],
  namespaces: ['integrations'],
});
