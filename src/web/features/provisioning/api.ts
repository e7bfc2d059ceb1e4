import type { components } from '../../../api/schema.d.ts';
import { $api } from '../../api/query.ts';

export type CustomerProvisioning = components['schemas']['CustomerProvisioning'];

/** getProvisioningStatus: the caller's customers, those still in progress first. */
export const getProvisioningStatus = () => $api.queryOptions('get', '/api/provisioning/v1/status');
