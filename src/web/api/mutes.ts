import type { Mute } from '../../../machines/mute-lifecycle/mute-lifecycle.context.ts';
import { api } from '../../api/client.ts';
import type { components } from '../../api/schema.d.ts';
import { dataOf } from './errors.ts';

/** A new mute; made from an alert (`source_alert_id`) that alert is muted too. The mutes area and an alert's "mute" both make one. */
export async function createMute(body: components['schemas']['MuteCreate']): Promise<Mute> {
  return dataOf(await api.POST('/api/alerts/v1/mutes/', { body }));
}
