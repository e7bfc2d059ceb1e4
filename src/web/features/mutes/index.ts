import { defineFeature } from '../feature.ts';
import { MUTES_COMMANDS, MUTES_GROUPS, MUTES_TARGET } from './commands.ts';

/** Mute conditions (spec 2): their screen under /alerts/muted and `>unmute`. */
export const mutesFeature = defineFeature({
  id: 'mutes',
  routes: [{ path: '/alerts/muted', name: 'mute-conditions' }],
  screens: {
    'mute-conditions': () => import('./MutesPage.tsx').then((m) => m.MutesPage),
  },
  gKeys: { 'mute-conditions': 'm' },
  commands: MUTES_COMMANDS,
  commandGroups: MUTES_GROUPS,
  targetKinds: [MUTES_TARGET],
  namespaces: ['mutes'],
});
