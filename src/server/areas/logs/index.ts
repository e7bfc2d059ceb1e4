import type { Handlers } from '../../platform/handler.ts';
import { ingestEvents } from './ingest.ts';
import {
  createSavedSearch,
  deleteSavedSearch,
  deleteSearchHistoryEntry,
  listSavedSearches,
  listSearchHistory,
  updateSavedSearch,
} from './saved.ts';
import { getSearch, getSearchHits, getSearchTopValues, rerunSearch, startSearch } from './search-handlers.ts';
import { getLogSource, getLogSourceMappings, listLogSources } from './source-handlers.ts';
import { createIngestToken, listIngestTokens, revokeIngestToken } from './tokens.ts';

/**
 * Log search (issue 11): ingest with per-customer tokens, sources, the partitioned event store
 * and its retention. README.md in this folder describes the storage.
 */
export const logHandlers: Handlers<
  | 'ingestEvents'
  | 'listIngestTokens'
  | 'createIngestToken'
  | 'revokeIngestToken'
  | 'listLogSources'
  | 'getLogSource'
  | 'getLogSourceMappings'
  | 'startSearch'
  | 'rerunSearch'
  | 'getSearch'
  | 'getSearchHits'
  | 'getSearchTopValues'
  | 'listSavedSearches'
  | 'createSavedSearch'
  | 'updateSavedSearch'
  | 'deleteSavedSearch'
  | 'listSearchHistory'
  | 'deleteSearchHistoryEntry'
> = {
  ingestEvents,
  listIngestTokens,
  createIngestToken,
  revokeIngestToken,
  listLogSources,
  getLogSource,
  getLogSourceMappings,
  startSearch,
  rerunSearch,
  getSearch,
  getSearchHits,
  getSearchTopValues,
  listSavedSearches,
  createSavedSearch,
  updateSavedSearch,
  deleteSavedSearch,
  listSearchHistory,
  deleteSearchHistoryEntry,
};

export { parseNdjson } from './ingest.ts';
/** The contract's routes check ingest tokens and read NDJSON; the job runner keeps partitions and retention. */
export { authenticateIngest } from './ingest-auth.ts';
export { daysOf, normaliseEvent } from './normalise.ts';
export { ensurePartitions, maintainLogPartitions } from './partitions.ts';
export { cleanUpSearchJobs, runSearch, SEARCH_JOB } from './search-run.ts';
