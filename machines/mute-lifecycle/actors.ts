import { fromPromise } from 'xstate';
import type { Mute, MuteDraft } from './mute-lifecycle.context.ts';

/** A save: a new mute when `id` is null, else a change of that mute at `version`. */
export interface SaveMuteInput {
  id: string | null;
  version: number | null;
  draft: MuteDraft;
}

/**
 * Stand-ins the web app replaces with `.provide({ actors })`: they fail, so a forgotten
 * implementation shows at once instead of doing nothing.
 */
function provided<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`mute lifecycle: the "${name}" actor is provided by the web app`);
  });
}

export const muteLifecycleActors = {
  /** POST /api/alerts/v1/mutes/ or PUT /api/alerts/v1/mutes/{id} (409 when the version is stale). */
  saveMute: provided<Mute, SaveMuteInput>('saveMute'),
  /** POST /api/alerts/v1/mutes/{id}/unmute with the version (409 when stale). */
  unmuteMute: provided<Mute, { id: string; version: number }>('unmuteMute'),
  /** GET /api/alerts/v1/mutes/{id}. */
  loadMute: provided<Mute, { id: string }>('loadMute'),
};
