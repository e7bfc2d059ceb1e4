import { api } from '../../../api/client.ts';
import type { components } from '../../../api/schema.d.ts';
import { dataOf } from '../../api/errors.ts';
import { $api } from '../../api/query.ts';

/** The area's paths: a change here marks every cached answer under it stale. */
export const INTEGRATIONS_AREA = '/api/integrations/';

export type Integration = components['schemas']['IntegrationInstance'];
export type IntegrationKind = components['schemas']['IntegrationKind'];
export type IntegrationField = components['schemas']['IntegrationField'];
export type CustomerMapping = components['schemas']['IntegrationCustomerMapping'];
export type HostMapping = components['schemas']['IntegrationHostMapping'];

export const listIntegrations = () =>
  $api.queryOptions(
    'get',
    '/api/integrations/v1/integrations',
    {},
    { select: (data): Integration[] => data.integrations },
  );

export const listIntegrationKinds = () =>
  $api.queryOptions(
    'get',
    '/api/integrations/v1/kinds',
    {},
    { select: (data): IntegrationKind[] => data.kinds },
  );

export const getIntegration = (id: string) =>
  $api.queryOptions('get', '/api/integrations/v1/integrations/{id}', { params: { path: { id } } });

export const listIntegrationMappings = (id: string) =>
  $api.queryOptions('get', '/api/integrations/v1/integrations/{id}/mappings', { params: { path: { id } } });

export const getIntegrationEventBridge = (id: string) =>
  $api.queryOptions('get', '/api/integrations/v1/integrations/{id}/event-bridge', {
    params: { path: { id } },
  });

export const getIntegrationSyslogSetup = (id: string) =>
  $api.queryOptions('get', '/api/integrations/v1/integrations/{id}/syslog-setup', {
    params: { path: { id } },
  });

export async function createIntegration(kind: string, name: string): Promise<Integration> {
  return dataOf(await api.POST('/api/integrations/v1/integrations', { body: { kind, name } }));
}

export async function updateIntegration(
  id: string,
  body: { name?: string; settings?: Record<string, string>; secrets?: Record<string, string | null> },
): Promise<Integration> {
  return dataOf(await api.PUT('/api/integrations/v1/integrations/{id}', { params: { path: { id } }, body }));
}

export async function validateIntegration(id: string) {
  return dataOf(
    await api.POST('/api/integrations/v1/integrations/{id}/validate', { params: { path: { id } } }),
  );
}

export async function deleteIntegration(id: string): Promise<void> {
  dataOf(await api.DELETE('/api/integrations/v1/integrations/{id}', { params: { path: { id } } }));
}

export async function createIntegrationMapping(
  id: string,
  customerId: string,
  externalId: string,
  externalName: string,
) {
  return dataOf(
    await api.POST('/api/integrations/v1/integrations/{id}/mappings', {
      params: { path: { id } },
      body: { customer_id: customerId, external_id: externalId, external_name: externalName },
    }),
  );
}

export async function deleteIntegrationMapping(id: string, mappingId: number): Promise<void> {
  dataOf(
    await api.DELETE('/api/integrations/v1/integrations/{id}/mappings/{mapping_id}', {
      params: { path: { id, mapping_id: mappingId } },
    }),
  );
}

export async function createIntegrationHostMapping(id: string, customerId: string, hostName: string) {
  return dataOf(
    await api.POST('/api/integrations/v1/integrations/{id}/host-mappings', {
      params: { path: { id } },
      body: { customer_id: customerId, host_name: hostName },
    }),
  );
}

export async function deleteIntegrationHostMapping(id: string, mappingId: number): Promise<void> {
  dataOf(
    await api.DELETE('/api/integrations/v1/integrations/{id}/host-mappings/{mapping_id}', {
      params: { path: { id, mapping_id: mappingId } },
    }),
  );
}

export type MultiInstanceHost = components['schemas']['MultiInstanceHost'];

export const listMultiInstanceHosts = () =>
  $api.queryOptions(
    'get',
    '/api/integrations/v1/multi-instance-hosts',
    {},
    { select: (data): MultiInstanceHost[] => data.hosts },
  );
