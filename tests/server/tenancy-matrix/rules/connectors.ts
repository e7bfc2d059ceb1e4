import { CONNECTOR_REDIRECT } from '../world.ts';
import type { AreaRules } from './types.ts';

/** Browser connectors. */
export const CONNECTORS_RULES: AreaRules = {
  getChromeConsent: {
    query: () => ({
      redirect_uri: CONNECTOR_REDIRECT,
      state: 'matrix',
    }),
  },
  approveChromeConnector: {
    body: (ids) => ({
      customer_id: ids.customer,
      redirect_uri: CONNECTOR_REDIRECT,
      state: 'matrix',
    }),
  },
  listConnectorCredentials: { expect: 'filtered' },
  revokeConnectorCredential: {
    path: (ids) => ({ credential_id: ids.connectorCredential }),
    ends: true,
  },
};
