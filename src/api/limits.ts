import { CONTRACT_LIMITS } from './contract-limits.ts';

/**
 * Limits that both the server and the web app apply. Those a schema of the contract declares are
 * read from it (contract-limits.ts, generated); the others are written here once.
 */

/** Most alerts one bulk update may touch, by ids or by filter: `AlertBulkIds` maxItems. */
export const BULK_LIMIT = CONTRACT_LIMITS.AlertBulkIds.maxItems;

/** Longest regular expression a mute condition may hold (RE2 syntax; the contract says so in words). */
export const MUTE_REGEX_MAX_LENGTH = 200;

/** Largest file the sandbox analyses (POST /threat/sandbox): 10 MiB, larger is refused with 413. */
export const SANDBOX_MAX_BYTES = 10 * 1024 * 1024;

/** Largest bulk look-up file (POST /threat/bulk): the server's 1 MiB body limit. */
export const BULK_FILE_MAX_BYTES = 1024 * 1024;

/** Log exports (POST /export/{id}) of at most this many events, without addresses, download at once; larger ones are mailed. */
export const EXPORT_STREAM_LIMIT = 10_000;
