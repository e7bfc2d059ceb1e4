import type { Handlers } from '../../platform/handler.ts';
import { lookupThreat } from './handlers.ts';

/** Threat intelligence look-ups of an IP address, domain or file hash. */
export const threatHandlers: Handlers<'lookupThreat'> = { lookupThreat };
