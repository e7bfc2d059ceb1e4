import type { Handlers } from '../../platform/handler.ts';
import { createMute, getMute, listMutes, unmuteMute, updateMute } from './handlers.ts';

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
