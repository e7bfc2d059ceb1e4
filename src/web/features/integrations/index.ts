import type { AccessRule } from '../../../common/permissions.ts';
import { defineFeature } from '../feature.ts';
import { INTEGRATION_COMMANDS, INTEGRATION_GROUPS, INTEGRATION_TARGET } from './commands.ts';

/** Provider staff who may read integrations (spec 1, section 6). */
const integrations: AccessRule = { globalScope: true, anyOf: ['read_integration', 'read_all'] };

/**
 * Integrations (spec 2, section 2): every instance of every kind, and one instance's settings,
 * validation, mappings, syslog setup and event bridge. First of the sidebar's conditional links.
 */
export const integrationsFeature = defineFeature({
  id: 'integrations',
  routes: [
    { path: '/integrations', name: 'integrations', access: integrations },
    { path: '/integrations/:id', name: 'integration', access: integrations },
  ],
  screens: {
    integrations: () => import('./IntegrationsPage.tsx').then((m) => m.IntegrationsPage),
    integration: () => import('./IntegrationPage.tsx').then((m) => m.IntegrationPage),
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
  commands: INTEGRATION_COMMANDS,
  commandGroups: INTEGRATION_GROUPS,
  targetKinds: [INTEGRATION_TARGET],
  namespaces: ['integrations'],
});
