import type { Handlers } from '../../platform/handler.ts';
import { getUpdate, listUpdates } from './handlers.ts';

/** Platform updates (release notes the console announces). */
export const updateHandlers: Handlers<'listUpdates' | 'getUpdate'> = { listUpdates, getUpdate };
