import type { Handlers } from '../../platform/handler.ts';
import { getCves } from './cve.ts';
import { lookupThreat } from './handlers.ts';

/** Threat intelligence look-ups of an IP address, domain or file hash, and CVE details. */
export const threatHandlers: Handlers<'lookupThreat' | 'getCves'> = { lookupThreat, getCves };

export { importNvdFile, type NvdImportCounts } from './nvd-import.ts';
