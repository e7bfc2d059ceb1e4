import { api } from '../../../api/client.ts';
import type { components } from '../../../api/schema.d.ts';
import { dataOf } from '../../api/errors.ts';

export type InstallerPlatform = components['schemas']['InstallerPlatform'];
export type AgentInstaller = components['schemas']['AgentInstaller'];

/** "Download agents": the fleet's installer job makes an enrolment token and mails the caller the link. */
export async function requestInstaller(
  customerId: string,
  platform: InstallerPlatform,
): Promise<AgentInstaller> {
  return dataOf(await api.POST('/api/agents/v1/installers', { body: { customer_id: customerId, platform } }));
}

/** POST /alerts/test: a labelled test alert through the one alert path (mutes and notifications apply). */
export async function createTestAlert(customerId: string): Promise<{ id: number; status: string }> {
  const alert = dataOf(await api.POST('/api/alerts/v1/alerts/test', { body: { customer_id: customerId } }));
  return { id: alert.id, status: alert.status };
}
