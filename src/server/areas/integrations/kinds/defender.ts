import { GraphClient, type GraphSettings } from '../graph/client.ts';
import { HTTPS_URL } from './fields.ts';
import type { IntegrationKind } from './types.ts';

const GUID = {
  regex: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
  format: '00000000-0000-0000-0000-000000000000',
};

export const DEFENDER_KIND = 'microsoft_defender_xdr';
export const DEFENDER_API_URL = 'https://api.security.microsoft.com';

/**
 * Microsoft Defender XDR through Microsoft Graph security: an app registration (client id and
 * secret) consented in each customer's tenant. `tenant_id` is the home tenant the connection test
 * signs in to; each mapped tenant is pulled with a token of its own (graph/pull.ts). The sign-in
 * and Graph addresses are settings so a sovereign cloud (or a test's local server) can be named.
 */
export const defenderKind: IntegrationKind = {
  kind: DEFENDER_KIND,
  direction: 'in',
  brings: ['alerts', 'azure_groups'],
  actions: ['isolate_device', 'unisolate_device'],
  fields: [
    { name: 'tenant_id', required: true, pattern: GUID },
    { name: 'client_id', required: true, pattern: GUID },
    { name: 'client_secret', secret: true, required: true, minLength: 8, maxLength: 500 },
    {
      name: 'login_url',
      required: true,
      maxLength: 300,
      pattern: HTTPS_URL,
      default: 'https://login.microsoftonline.com',
    },
    {
      name: 'graph_url',
      required: true,
      maxLength: 300,
      pattern: HTTPS_URL,
      default: 'https://graph.microsoft.com',
    },
    {
      // Defender for Endpoint's API: device isolation is not in Graph.
      name: 'defender_api_url',
      required: true,
      maxLength: 300,
      pattern: HTTPS_URL,
      default: DEFENDER_API_URL,
    },
    {
      name: 'poll_interval_seconds',
      required: true,
      pattern: { regex: '^([6-9][0-9]|[1-9][0-9]{2,3})$', format: '60-9999' },
      default: '300',
    },
  ],
  // Signs in to the home tenant and reads one alert: the app's credentials and its SecurityAlert.Read.All.
  testConnection: async ({ settings, secrets }, { outbound }) => {
    const client = new GraphClient(
      settings as unknown as GraphSettings,
      secrets.client_secret ?? '',
      settings.tenant_id!,
      {
        outbound,
        timeoutMs: 10_000,
      },
    );
    await client.get('/v1.0/security/alerts_v2?$top=1');
  },
};
