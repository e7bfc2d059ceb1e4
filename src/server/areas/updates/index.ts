import type { Handlers } from '../../platform/handler.ts';
import { defineArea } from '../area.ts';
import { changeUpdate, createUpdate, deleteUpdate } from './authoring.ts';
import { getUpdate, listUpdates } from './handlers.ts';

/** Platform updates (release notes the console announces), written and published by administrators. */
export const updateHandlers: Handlers<
  'listUpdates' | 'getUpdate' | 'createUpdate' | 'changeUpdate' | 'deleteUpdate'
> = { listUpdates, getUpdate, createUpdate, changeUpdate, deleteUpdate };

export const updatesArea = defineArea({
  name: 'updates',
  handlers: updateHandlers,
  tables: ['platform_updates'],
});
