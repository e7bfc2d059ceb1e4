import { api } from '../../../api/client.ts';
import type { components } from '../../../api/schema.d.ts';
import { dataOf } from '../../api/errors.ts';
import { $api } from '../../api/query.ts';

/** The area's paths: a change here marks every cached answer under it stale. */
export const CONNECTORS_AREA = '/api/connectors/';

export type ChromeConsent = components['schemas']['ChromeConsent'];
export type ConnectorCredential = components['schemas']['ConnectorCredential'];
export type ConnectorScope = components['schemas']['ConnectorScope'];

/** getChromeConsent: what the extension asks to do for the customer. */
export const getChromeConsent = (customerId: string, redirectUri: string) =>
  $api.queryOptions(
    'get',
    '/api/connectors/v1/chrome/consent',
    { params: { query: { customer_id: customerId, redirect_uri: redirectUri } } },
    { retry: false },
  );

/** approveChromeConnector: the credential, shown once, and where to hand it over. */
export async function approveChromeConnector(customerId: string, redirectUri: string, state: string) {
  return dataOf(
    await api.POST('/api/connectors/v1/chrome/credentials', {
      body: { customer_id: customerId, redirect_uri: redirectUri, state },
    }),
  );
}

/** listConnectorCredentials: every credential of the caller's customers, newest first. */
export const listConnectorCredentials = () =>
  $api.queryOptions('get', '/api/connectors/v1/credentials', {}, { select: (data) => data.credentials });

export async function revokeConnectorCredential(credentialId: string): Promise<ConnectorCredential> {
  return dataOf(
    await api.POST('/api/connectors/v1/credentials/{credential_id}/revoke', {
      params: { path: { credential_id: credentialId } },
    }),
  );
}
