import type { JobDefinition, Schedule } from '../../jobs/types.ts';
import { DnsClient } from './resolver.ts';
import { scanActiveDomains } from './scan.ts';
import { DOMAIN_SCAN_JOB, domainScanJob } from './scan-job.ts';
import { lookalikeSettings } from './settings.ts';

export const DOMAINS_JOBS: Record<string, JobDefinition> = {
  'scan-lookalikes': async ({ db, log }) => {
    const settings = lookalikeSettings();
    const dns = new DnsClient(settings.resolver);
    for (const { domain, result } of await scanActiveDomains(db, { dns, settings }))
      log.info(
        `scan-lookalikes: ${domain}: ${result.candidates} candidates, ${result.registered} registered, ${result.inconclusive} inconclusive, ${result.changed} changed`,
      );
  },
  // A domain just added (or switched back on) is scanned at once, not at the next schedule.
  [DOMAIN_SCAN_JOB]: domainScanJob(),
};

export const DOMAINS_SCHEDULES: Schedule[] = [
  // A lookalike's state needs two scans in a row to change: every 4 hours puts a new
  // registration in front of analysts within a working day without hammering the resolver.
  { kind: 'scan-lookalikes', cron: '41 */4 * * *' },
];
