import { SECRET } from '../world.ts';
import type { AreaRules } from './types.ts';

/** Mutes. */
export const MUTES_RULES: AreaRules = {
  listMutes: { expect: 'filtered' },
  createMute: {
    body: (ids) => ({
      customer_id: ids.customer,
      conditions: [{ field: 'host_name', operator: 'equals', value: 'GLOBEX-DC-02' }],
    }),
  },
  getMute: { path: (ids) => ({ mute_id: ids.mute }) },
  updateMute: {
    path: (ids) => ({ mute_id: ids.mute }),
    body: (ids) => ({ version: ids.muteVersion, description: SECRET }),
  },
  unmuteMute: { path: (ids) => ({ mute_id: ids.mute }), body: () => ({}), ends: true },
  searchOmnibox: { query: () => ({ query: 'secret' }), expect: 'filtered' },
};
