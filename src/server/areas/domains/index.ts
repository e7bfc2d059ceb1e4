import type { Handlers } from '../../platform/handler.ts';
import { getDomainFuzzLists, updateDomainFuzzLists } from './fuzz-list-handlers.ts';
import {
  createDomains,
  getDomain,
  getLookalike,
  listDomains,
  listLookalikes,
  updateDomain,
} from './handlers.ts';

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
