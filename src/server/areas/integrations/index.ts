import { inScope, samePartner } from '../../db/policies.ts';
import { defineArea } from '../area.ts';

/**
 * Integrations: what other areas may use. The area's own operations (list, configure, test) come
 * with the integrations screens; today it holds the rule of which settings may leave the server.
 */
export { publicSettings } from './public-settings.ts';

export const integrationsArea = defineArea({
  name: 'integrations',
  tables: ['integrations', 'integration_mappings'],
  tenantPolicies: {
    integrations: samePartner,
    integration_mappings: inScope,
  },
});
