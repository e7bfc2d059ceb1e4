import type { Handlers } from '../../platform/handler.ts';
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
  'listDomains' | 'createDomains' | 'getDomain' | 'updateDomain' | 'listLookalikes' | 'getLookalike'
> = { listDomains, createDomains, getDomain, updateDomain, listLookalikes, getLookalike };
