import { inScope } from '../../db/policies.ts';
import type { Handlers } from '../../platform/handler.ts';
import { defineArea } from '../area.ts';
import { approveChromeConnector, getChromeConsent } from './consent-handlers.ts';
import { listConnectorCredentials, revokeConnectorCredential } from './credential-handlers.ts';
import { getConnectorPolicy, reportBlockedVisit } from './extension-handlers.ts';

/**
 * The browser connector (spec 2, section 2: /connectors/chrome and its redirect): a customer's
 * administrator approves the Chrome extension on a consent page, which issues it a credential
 * for that one customer and only the extension's calls; they list and revoke those credentials.
 */
export const connectorHandlers: Handlers<
  | 'getChromeConsent'
  | 'approveChromeConnector'
  | 'listConnectorCredentials'
  | 'revokeConnectorCredential'
  | 'getConnectorPolicy'
  | 'reportBlockedVisit'
> = {
  getChromeConsent,
  approveChromeConnector,
  listConnectorCredentials,
  revokeConnectorCredential,
  getConnectorPolicy,
  reportBlockedVisit,
};

/** The extension's calls are checked by their credential (contract/routes.ts), not a session. */
export { authenticateConnector } from './credential.ts';

export const connectorsArea = defineArea({
  name: 'connectors',
  handlers: connectorHandlers,
  tables: ['connector_credentials'],
  tenantPolicies: { connector_credentials: inScope },
});
