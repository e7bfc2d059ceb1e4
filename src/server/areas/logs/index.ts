import { currentUserId, inScope, isGlobal, samePartner } from '../../db/policies.ts';
import type { Handlers } from '../../platform/handler.ts';
import { defineArea } from '../area.ts';
import {
  backtestLogAlertRule,
  deleteLogAlertRule,
  listLogAlertFirings,
  listLogAlertRules,
  saveLogAlertRule,
} from './alerting/handlers.ts';
import { downloadSearchExport, exportSearch } from './export/handlers.ts';
import { ingestEvents } from './ingest.ts';
import { LOGS_JOBS, LOGS_SCHEDULES } from './jobs.ts';
import {
  createSavedSearch,
  deleteSavedSearch,
  deleteSearchHistoryEntry,
  listSavedSearches,
  listSearchHistory,
  updateSavedSearch,
} from './saved.ts';
import {
  getSearch,
  getSearchHits,
  getSearchMap,
  getSearchTopValues,
  rerunSearch,
  startSearch,
} from './search-handlers.ts';
import {
  getLogSource,
  getLogSourceMappings,
  getLogSourceTopValues,
  listLogSources,
} from './source-handlers.ts';
import { createSyslogSource, deleteSyslogSource, listSyslogSources } from './syslog/handlers.ts';
import { createIngestToken, listIngestTokens, revokeIngestToken } from './tokens.ts';
import { getLogRetention, setLogRetention } from './usage/handlers.ts';

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
  | 'getLogSourceTopValues'
  | 'startSearch'
  | 'rerunSearch'
  | 'getSearch'
  | 'getSearchHits'
  | 'getSearchMap'
  | 'getSearchTopValues'
  | 'listSavedSearches'
  | 'createSavedSearch'
  | 'updateSavedSearch'
  | 'deleteSavedSearch'
  | 'listSearchHistory'
  | 'deleteSearchHistoryEntry'
  | 'listSyslogSources'
  | 'createSyslogSource'
  | 'deleteSyslogSource'
  | 'exportSearch'
  | 'downloadSearchExport'
  | 'listLogAlertRules'
  | 'saveLogAlertRule'
  | 'deleteLogAlertRule'
  | 'listLogAlertFirings'
  | 'backtestLogAlertRule'
  | 'getLogRetention'
  | 'setLogRetention'
> = {
  ingestEvents,
  listIngestTokens,
  createIngestToken,
  revokeIngestToken,
  listLogSources,
  getLogSource,
  getLogSourceMappings,
  getLogSourceTopValues,
  startSearch,
  rerunSearch,
  getSearch,
  getSearchHits,
  getSearchMap,
  getSearchTopValues,
  listSavedSearches,
  createSavedSearch,
  updateSavedSearch,
  deleteSavedSearch,
  listSearchHistory,
  deleteSearchHistoryEntry,
  listSyslogSources,
  createSyslogSource,
  deleteSyslogSource,
  exportSearch,
  downloadSearchExport,
  listLogAlertRules,
  saveLogAlertRule,
  deleteLogAlertRule,
  listLogAlertFirings,
  backtestLogAlertRule,
  getLogRetention,
  setLogRetention,
};

/** A workflow's "run a saved search" step. */
export { countSavedSearch } from './alerting/count.ts';
/** Saved searches' alert rules, run every minute by the job runner. */
export { runAlertRule, runLogAlerting } from './alerting/evaluate.ts';
/** A saved search as a rule (or a report) reads it: its events over a period, for given customers. */
export { ruleSearch } from './alerting/rule-search.ts';
/** Large exports are written and mailed by the job runner. */
export { EXPORT_JOB } from './export/handlers.ts';
export { runLogExport } from './export/job.ts';
export { parseNdjson } from './ingest.ts';
/** The contract's routes check ingest tokens and read NDJSON; the job runner keeps partitions and retention. */
export { authenticateIngest, ingestSlotsTaken } from './ingest-auth.ts';
export { daysOf, normaliseEvent } from './normalise.ts';
export { ensurePartitions, maintainLogPartitions } from './partitions.ts';
export { countOf, searchPage } from './search.ts';
export { cleanUpSearchJobs, runSearch, SEARCH_JOB } from './search-run.ts';
/** What the workflow triggers "reduced log volume" and "triple lockout" watch for. */
export { logVolumeDrops, tripleLockouts, VOLUME_WINDOW_MINUTES } from './signals.ts';
/** Syslog over UDP and TCP, started by main.ts when SYSLOG_PORT is not 0. */
export { startSyslogServer } from './syslog/server.ts';
/** Usage metering (count and bytes by customer, day and source), hourly. */
export { meterLogUsage } from './usage/meter.ts';

export const logsArea = defineArea({
  name: 'logs',
  handlers: logHandlers,
  jobs: LOGS_JOBS,
  schedules: LOGS_SCHEDULES,
  tables: [
    'log_events',
    'ingest_tokens',
    'syslog_sources',
    'log_retention',
    'saved_searches',
    'log_exports',
    'log_alert_rules',
    'log_alert_firings',
    'log_usage',
    'search_jobs',
  ],
  tenantPolicies: {
    log_events: inScope,
    ingest_tokens: inScope,
    syslog_sources: inScope,
    log_retention: inScope,
    // A search is its user's own: pages, graphs and top values of another's search are not found.
    // Spec 2, section 6: private to the owner, customer to users of that customer, global to the organisation.
    saved_searches: `${samePartner} and (owner_id = ${currentUserId} or scope = 'global' or (scope = 'customer' and ${inScope}))`,
    // An export is its user's own, like the search it reads; an alert rule its owner's (staff see all).
    log_exports: `user_id = ${currentUserId}`,
    log_alert_rules: `${samePartner} and (owner_id = ${currentUserId} or ${isGlobal})`,
    log_alert_firings: inScope,
    log_usage: inScope,
    search_jobs: `user_id = ${currentUserId}`,
  },
});
