import { api } from '../../api/client.ts';
import type { components } from '../../api/schema.d.ts';
import { dataOf } from './errors.ts';

/** How often a pending action is read again: an agent checks in about every minute. */
export const ACTION_POLL_MS = 5000;

export type AgentInstallerPlatform = components['schemas']['AgentInstaller']['platform'];

/** "Download agents" (the agents list, a customer's actions): the server mails the caller a download link for the customer's installer. */
export async function requestAgentInstaller(customerId: string, platform: AgentInstallerPlatform) {
  return dataOf(await api.POST('/api/agents/v1/installers', { body: { customer_id: customerId, platform } }));
}
