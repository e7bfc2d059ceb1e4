import { loadConfig } from '../../config.ts';
import { inScope, samePartner } from '../../db/policies.ts';
import type { JobDefinition, Schedule } from '../../jobs/types.ts';
import type { Handlers } from '../../platform/handler.ts';
import { defineArea } from '../area.ts';
import { instancesDue, pullDefenderAlerts } from './graph/pull.ts';
import { listIntegrationAzureGroups, listMultiInstanceHosts } from './handlers/graph.ts';
import {
  getIntegrationEventBridge,
  getIntegrationSyslogSetup,
  receiveIntegrationWebhook,
} from './handlers/inbound.ts';
import {
  createIntegration,
  deleteIntegration,
  getIntegration,
  listIntegrationKinds,
  listIntegrations,
  updateIntegration,
  validateIntegration,
} from './handlers/instances.ts';
import {
  createIntegrationHostMapping,
  createIntegrationMapping,
  deleteIntegrationHostMapping,
  deleteIntegrationMapping,
  listIntegrationMappings,
} from './handlers/mappings.ts';
import { expireReceipts } from './webhook-in.ts';

/**
 * Integrations (spec 2, sections 2–8): instances of each kind with sealed credentials, validation,
 * customer and hostname mappings; alerts in by signed webhook and by CEF or LEEF over syslog;
 * messages out to Slack, Microsoft Teams, PagerDuty and HTTP through the outbound guard.
 */
export const integrationHandlers: Handlers<
  | 'listIntegrationKinds'
  | 'listIntegrations'
  | 'createIntegration'
  | 'getIntegration'
  | 'updateIntegration'
  | 'deleteIntegration'
  | 'validateIntegration'
  | 'listIntegrationMappings'
  | 'createIntegrationMapping'
  | 'deleteIntegrationMapping'
  | 'createIntegrationHostMapping'
  | 'deleteIntegrationHostMapping'
  | 'getIntegrationEventBridge'
  | 'getIntegrationSyslogSetup'
  | 'receiveIntegrationWebhook'
  | 'listIntegrationAzureGroups'
  | 'listMultiInstanceHosts'
> = {
  listIntegrationKinds,
  listIntegrations,
  createIntegration,
  getIntegration,
  updateIntegration,
  deleteIntegration,
  validateIntegration,
  listIntegrationMappings,
  createIntegrationMapping,
  deleteIntegrationMapping,
  createIntegrationHostMapping,
  deleteIntegrationHostMapping,
  getIntegrationEventBridge,
  getIntegrationSyslogSetup,
  receiveIntegrationWebhook,
  listIntegrationAzureGroups,
  listMultiInstanceHosts,
};

export { parseSecurityEvent, priorityOf } from './cef.ts';
export {
  type CustomerGroupDevices,
  customerGroupDevices,
  defenderTenantsOf,
  type GroupWithDevices,
} from './graph/group-devices.ts';
export { type AzureGroup, azureGroups } from './graph/groups.ts';
export { azureGroupsOfCustomers } from './graph/groups-of-customers.ts';
export {
  actOnDevice,
  type DeviceAction,
  ISOLATION_TYPES,
} from './graph/machine-actions.ts';
export { pullDefenderAlerts } from './graph/pull.ts';
export { DEFENDER_KIND } from './kinds/defender.ts';
export { KINDS, kindOf, type OutboundMessage } from './kinds/index.ts';
export { IntegrationSendError, type SendOptions, sendThroughIntegration } from './send.ts';
export {
  integrationTokenIn,
  isIntegrationSyslogToken,
  raiseSyslogAlerts,
  type SyslogAlertItem,
  syslogToken,
} from './syslog-alerts.ts';
export { signDelivery } from './webhook-in.ts';

const INTEGRATIONS_JOBS: Record<string, JobDefinition> = {
  'expire-webhook-receipts': async ({ db }) => {
    await expireReceipts(db);
  },
  // Each Defender XDR instance whose poll interval has passed; one failing does not stop the rest,
  // and its failure is written on the instance rather than retried here (the next tick tries again).
  'pull-graph-alerts': {
    lane: 'integrations',
    run: async ({ db, now, log }) => {
      const config = loadConfig();
      for (const id of await instancesDue(db, now())) {
        const outcome = await pullDefenderAlerts(db, id, {
          outbound: config.outbound,
          secretsKey: config.secretsKey,
          now: now(),
        });
        if (outcome.errors.length > 0) log.warn(`integration ${id}: ${outcome.errors.join('; ')}`);
      }
    },
  },
};

const INTEGRATIONS_SCHEDULES: Schedule[] = [
  { kind: 'expire-webhook-receipts', cron: '*/10 * * * *' },
  { kind: 'pull-graph-alerts', cron: '* * * * *' },
];

export const integrationsArea = defineArea({
  name: 'integrations',
  handlers: integrationHandlers,
  jobs: INTEGRATIONS_JOBS,
  schedules: INTEGRATIONS_SCHEDULES,
  tables: [
    'integrations',
    'integration_mappings',
    'integration_host_mappings',
    'integration_webhook_receipts',
    'integration_pull_cursors',
    'integration_pulled_alerts',
  ],
  tenantPolicies: {
    integrations: samePartner,
    integration_mappings: inScope,
    integration_host_mappings: inScope,
  },
});
