import { muteBody } from '../../../../machines/mute-lifecycle/draft.ts';
import type { Mute, MuteDraft } from '../../../../machines/mute-lifecycle/mute-lifecycle.context.ts';
import { api } from '../../../api/client.ts';
import { dataOf } from '../../api/errors.ts';
import { $api } from '../../api/query.ts';

export { createMute } from '../../api/mutes.ts';

type MuteState = Mute['state'];

/** Every answer of the mutes area: invalidated after a change, so the lists ask again. */
export const MUTES_AREA = '/api/alerts/v1/mutes/';

/** GET /api/alerts/v1/mutes/ in one state (of the given customers, every one when none), newest first. */
export const listMutes = (state: MuteState, customerIds: readonly string[]) =>
  $api.queryOptions(
    'get',
    '/api/alerts/v1/mutes/',
    { params: { query: { state, customer_ids: customerIds.length ? [...customerIds] : undefined } } },
    { select: (answer) => answer.mutes },
  );

/** One mute, as it is now (after a conflict). */
export async function getMute(id: string): Promise<Mute> {
  return dataOf(await api.GET('/api/alerts/v1/mutes/{mute_id}', { params: { path: { mute_id: id } } }));
}

/** Changes the mute at `version` (409 when someone else changed it meanwhile). */
export async function updateMute(id: string, version: number, draft: MuteDraft): Promise<Mute> {
  const updated = await api.PUT('/api/alerts/v1/mutes/{mute_id}', {
    params: { path: { mute_id: id } },
    body: { version, ...muteBody(draft) },
  });
  return dataOf(updated);
}

/** Stops the mute now; alerts it already muted stay muted. 409 when the version is stale. */
export async function unmuteMute(id: string, version: number | undefined): Promise<Mute> {
  const result = await api.POST('/api/alerts/v1/mutes/{mute_id}/unmute', {
    params: { path: { mute_id: id } },
    body: version === undefined ? {} : { version },
  });
  return dataOf(result);
}
