import { inScope } from '../../db/policies.ts';
import type { Handlers } from '../../platform/handler.ts';
import { defineArea } from '../area.ts';
import { getDomainFuzzLists, updateDomainFuzzLists } from './fuzz-list-handlers.ts';
import {
  createDomains,
  getDomain,
  getLookalike,
  listDomains,
  listLookalikes,
  updateDomain,
} from './handlers.ts';
import { DOMAINS_JOBS, DOMAINS_SCHEDULES } from './jobs.ts';

/** Lookalike domains (spec 2, section 7 "Domains"): monitored domains and what scans found. */
export const domainHandlers: Handlers<
  | 'listDomains'
  | 'createDomains'
  | 'getDomain'
  | 'updateDomain'
  | 'getDomainFuzzLists'
  | 'updateDomainFuzzLists'
  | 'listLookalikes'
  | 'getLookalike'
> = {
  listDomains,
  createDomains,
  getDomain,
  updateDomain,
  getDomainFuzzLists,
  updateDomainFuzzLists,
  listLookalikes,
  getLookalike,
};

export { generateCandidates } from './fuzzers/index.ts';
export { INVALID_DOMAIN, normaliseDomain } from './names.ts';
export { DnsClient } from './resolver.ts';
export { classify, confidenceOf, riskBreakdown, riskOf } from './risk.ts';
export { observeCandidates, type ScanResult, scanActiveDomains, scanDomain } from './scan.ts';
export { DOMAIN_SCAN_JOB, domainScanJob } from './scan-job.ts';
export { lookalikeSettings } from './settings.ts';

export const domainsArea = defineArea({
  name: 'domains',
  handlers: domainHandlers,
  jobs: DOMAINS_JOBS,
  schedules: DOMAINS_SCHEDULES,
  tables: ['monitored_domains', 'lookalikes'],
  tenantPolicies: {
    monitored_domains: inScope,
    lookalikes: inScope,
  },
});
