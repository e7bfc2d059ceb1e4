import { inScope, isGlobal, samePartner } from '../../db/policies.ts';
import type { Db } from '../../db/types.ts';
import type { JobDefinition } from '../../jobs/types.ts';
import type { Handlers } from '../../platform/handler.ts';
import { defineArea } from '../area.ts';
import { getCves } from './cve.ts';
import { createThreatFeed, listThreatFeeds, updateThreatFeed } from './feed-handlers.ts';
import type { FetchLike } from './feeds/fetch.ts';
import type { FeedRun } from './feeds/store.ts';
import { fetchAllFeeds as fetchFeeds } from './feeds/store.ts';
import { bulkThreatLookup, lookupThreat } from './handlers.ts';
import { getBreachLookup } from './hibp/handler.ts';
import { listBreachLookups } from './hibp/history.ts';
import { BREACH_JOB, breachLookupJob } from './hibp/job.ts';
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
/** A workflow's threat look-up step. */
export { customerVerdict } from './handlers.ts';

const THREAT_JOBS: Record<string, JobDefinition> = {
  'fetch-threat-feeds': async ({ db, log }) => {
    for (const run of await fetchThreatFeeds(db)) {
      if (run.error) log.warn(`fetch-threat-feeds: ${run.feed} failed: ${run.error}`);
      else log.info(`fetch-threat-feeds: ${run.feed}: ${run.count} stored`);
    }
  },
  // Spec 2, section 9: up to 5 attempts, waiting attempt × (5 s + jitter up to 30 s).
  [BREACH_JOB]: breachLookupJob(),
};

/** Staff look-ups carry no customer; only staff see them. */
const ownOrStaffLookups = `${samePartner} and (${inScope} or (customer_id is null and ${isGlobal}))`;

export const threatArea = defineArea({
  name: 'threat',
  handlers: threatHandlers,
  jobs: THREAT_JOBS,
  // Feeds publish a few times a day at most; hourly keeps verdicts fresh without hammering them.
  schedules: [{ kind: 'fetch-threat-feeds', cron: '23 * * * *' }],
  tables: [
    'threat_indicators',
    'threat_warning_list',
    'threat_feeds',
    'threat_sightings',
    'customer_indicators',
    'breach_lookups',
    'cves',
  ],
  tenantPolicies: {
    customer_indicators: inScope,
    // A customer user's look-ups carry their customer.
    threat_sightings: ownOrStaffLookups,
    // Breach results: a customer's look-ups are its own.
    breach_lookups: ownOrStaffLookups,
  },
});
