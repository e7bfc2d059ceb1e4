import { inScope } from '../../db/policies.ts';
import type { Handlers } from '../../platform/handler.ts';
import { defineArea } from '../area.ts';
import { createMute, getMute, listMutes, unmuteMute, updateMute } from './handlers.ts';
import { MUTES_JOBS, MUTES_SCHEDULES } from './jobs.ts';

/** Mutes (spec 2, section 9): conditions that silence matching new alerts until they expire. */
export const muteHandlers: Handlers<'listMutes' | 'getMute' | 'createMute' | 'updateMute' | 'unmuteMute'> = {
  listMutes,
  getMute,
  createMute,
  updateMute,
  unmuteMute,
};

/** Alert creation asks which mute silences a new alert; the job runner expires mutes. */
export { expireMutes } from './expire.ts';
export { findMatchingMute, type MatchableAlert, type MuteSpan, muteHoldingAt, muteSpans } from './match.ts';

export const mutesArea = defineArea({
  name: 'mutes',
  handlers: muteHandlers,
  jobs: MUTES_JOBS,
  schedules: MUTES_SCHEDULES,
  tables: ['mutes'],
  tenantPolicies: {
    mutes: inScope,
  },
});
