import type { Handlers } from '../../platform/handler.ts';
import { defineArea } from '../area.ts';
import { searchOmnibox } from './handlers.ts';

/** The omnibox's search across the platform (spec 2, section 2.5). */
export const searchHandlers: Handlers<'searchOmnibox'> = { searchOmnibox };

/** How far back the alerts category compares text (the API tests build on it). */
export { RECENT_ALERTS } from './alerts.ts';

export const omniboxArea = defineArea({
  name: 'omnibox',
  handlers: searchHandlers,
});
