import type { Db } from '../../db/types.ts';
import type { Handlers } from '../../platform/handler.ts';
import { getCves } from './cve.ts';
import { createThreatFeed, listThreatFeeds, updateThreatFeed } from './feed-handlers.ts';
import type { FetchLike } from './feeds/fetch.ts';
import type { FeedRun } from './feeds/store.ts';
import { fetchAllFeeds as fetchFeeds } from './feeds/store.ts';
import { bulkThreatLookup, lookupThreat } from './handlers.ts';
import { getBreachLookup } from './hibp/handler.ts';
import { listBreachLookups } from './hibp/history.ts';
import { createIndicator, expireIndicator, listIndicators, updateIndicator } from './indicators.ts';
import { analyseSandboxFile } from './sandbox.ts';
import { listThreatSightings } from './sightings-list.ts';
import { verdictCache } from './verdict.ts';

/** Threat intelligence: look-ups of an IP address, domain or file hash, the indicator store by hand, and CVE details. */
export const threatHandlers: Handlers<
  | 'lookupThreat'
  | 'bulkThreatLookup'
  | 'listIndicators'
  | 'createIndicator'
  | 'updateIndicator'
  | 'expireIndicator'
  | 'listThreatFeeds'
  | 'createThreatFeed'
  | 'updateThreatFeed'
  | 'getCves'
  | 'getBreachLookup'
  | 'analyseSandboxFile'
  | 'listThreatSightings'
  | 'listBreachLookups'
> = {
  lookupThreat,
  bulkThreatLookup,
  listIndicators,
  createIndicator,
  updateIndicator,
  expireIndicator,
  listThreatFeeds,
  createThreatFeed,
  updateThreatFeed,
  getCves,
  getBreachLookup,
  analyseSandboxFile,
  listThreatSightings,
  listBreachLookups,
};

export { BREACH_JOB, breachBackoff, breachLookupJob } from './hibp/job.ts';

export { importNvdFile, type NvdImportCounts } from './nvd-import.ts';

export type { FeedRun, FetchLike };

/** The fetch-threat-feeds job: every enabled feed into the store; this process's cached verdicts dropped. */
export async function fetchThreatFeeds(db: Db, fetcher?: FetchLike, now?: Date): Promise<FeedRun[]> {
  const runs = await fetchFeeds(db, fetcher, now);
  verdictCache.clear();
  return runs;
}

/** Cached verdicts belong to the database the app serves: an app that closes lets them go. */
export function dropCachedVerdicts(): void {
  verdictCache.clear();
}

export { recordAlertSightings } from './alert-sightings.ts';
