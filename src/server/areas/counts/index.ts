import type { Handlers } from '../../platform/handler.ts';
import { defineArea } from '../area.ts';
import { countAlerts, countCases } from './handlers.ts';

/** The counts the shell shows (alerts and cases per status, for the ticker and the sidebar). */
export const countHandlers: Handlers<'countAlerts' | 'countCases'> = { countAlerts, countCases };

export const countsArea = defineArea({
  name: 'counts',
  handlers: countHandlers,
});
