import { SECRET } from '../world.ts';
import type { AreaRules } from './types.ts';

/** Integrations: the provider's, mapped to customers. */
export const INTEGRATIONS_RULES: AreaRules = {
  // A webhook has no Entra ID groups: the 400 says so of the integration, past the reach check.
  listIntegrationAzureGroups: { path: (ids) => ({ id: ids.integration }), control: { status: 400 } },
  getIntegrationEventBridge: { path: (ids) => ({ id: ids.integration }) },
  // A webhook has no syslog setup (404 to anyone): the reach check is getIntegration's.
  getIntegrationSyslogSetup: { path: (ids) => ({ id: ids.integration }), control: { status: 404 } },
  receiveIntegrationWebhook: {
    path: (ids) => ({ id: ids.integration }),
    body: () => ({}),
    control: { none: 'a signature over the body is its only credential' },
  },
  listIntegrationMappings: { path: (ids) => ({ id: ids.integration }) },
  createIntegrationMapping: {
    path: (ids) => ({ id: ids.integration }),
    body: (ids) => ({ customer_id: ids.customer, external_id: 'globex-other', external_name: SECRET }),
  },
  deleteIntegrationMapping: { path: (ids) => ({ id: ids.integration, mapping_id: ids.mapping }), ends: true },
  createIntegrationHostMapping: {
    path: (ids) => ({ id: ids.integration }),
    body: (ids) => ({ customer_id: ids.customer, host_name: 'GLOBEX-FW-02' }),
  },
  deleteIntegrationHostMapping: {
    path: (ids) => ({ id: ids.integration, mapping_id: ids.hostMapping }),
    ends: true,
  },
  getIntegration: { path: (ids) => ({ id: ids.integration }) },
  updateIntegration: { path: (ids) => ({ id: ids.integration }), body: () => ({ name: `${SECRET} hook` }) },
  deleteIntegration: { path: (ids) => ({ id: ids.integration }), ends: true },
  validateIntegration: { path: (ids) => ({ id: ids.integration }) },
};
