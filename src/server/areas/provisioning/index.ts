import type { Handlers } from '../../platform/handler.ts';
import { defineArea } from '../area.ts';
import { getProvisioningStatus } from './handlers.ts';

/** Platform provisioning: where each customer's platform stands; no tables of its own. */
export const provisioningHandlers: Handlers<'getProvisioningStatus'> = { getProvisioningStatus };

export const provisioningArea = defineArea({ name: 'provisioning', handlers: provisioningHandlers });
