import { SECRET } from '../world.ts';
import { type AreaRules, type Ids, owner, signedLink } from './types.ts';

const savedSearch = (ids: Ids) => ({
  name: `${SECRET} search`,
  scope: 'customer',
  customer_id: ids.customer,
  search: { search_term: 'secret' },
});

/** Logs: searches, saved searches, alert rules, ingest. */
export const LOGS_RULES: AreaRules = {
  deleteLogAlertRule: { path: (ids) => ({ id: ids.logAlertRule }), control: owner, ends: true },
  listLogAlertFirings: { path: (ids) => ({ id: ids.logAlertRule }), control: owner },
  exportSearch: {
    path: (ids) => ({ id: ids.search }),
    body: () => ({ mode: 'csv', size: 10, fields: ['message'] }),
    control: owner,
  },
  downloadSearchExport: {
    path: (ids) => ({ id: ids.export }),
    query: () => ({ key: 'not-the-key-of-this-link' }),
    control: signedLink,
  },
  listIngestTokens: { expect: 'filtered' },
  createIngestToken: { body: (ids) => ({ customer_id: ids.customer, name: SECRET, source: 'windows' }) },
  revokeIngestToken: { path: (ids) => ({ token_id: ids.ingestToken }), ends: true },
  createSavedSearch: { body: savedSearch },
  updateSavedSearch: { path: (ids) => ({ id: ids.savedSearch }), body: savedSearch, control: owner },
  deleteSavedSearch: { path: (ids) => ({ id: ids.savedSearch }), control: owner, ends: true },
  deleteSearchHistoryEntry: { path: (ids) => ({ id: ids.search }), control: owner, ends: true },
  startSearch: { body: () => ({ search: { search_term: 'secret' } }), expect: 'filtered' },
  getSearch: { path: (ids) => ({ id: ids.search }), control: owner },
  rerunSearch: { path: (ids) => ({ id: ids.search }), control: owner },
  getSearchHits: { path: (ids) => ({ id: ids.search }), control: owner },
  getSearchMap: { path: (ids) => ({ id: ids.search }), control: owner },
  getSearchTopValues: { path: (ids) => ({ id: ids.search, field: 'host' }), control: owner },
  getLogSource: { shared: 'log sources (windows, syslog…) are the product’s catalogue' },
  getLogSourceMappings: { shared: 'log sources (windows, syslog…) are the product’s catalogue' },
  getLogSourceTopValues: { path: () => ({ id: 'windows', field: 'host' }), expect: 'filtered' },
  listSyslogSources: { expect: 'filtered' },
  createSyslogSource: {
    body: (ids) => ({ customer_id: ids.customer, name: SECRET, address: '10.8.8.0/24', source: 'syslog' }),
  },
  deleteSyslogSource: { path: (ids) => ({ id: ids.syslogSource }), ends: true },
  getLogRetention: { expect: 'filtered' },
  setLogRetention: { body: () => ({ days: 30 }) },
};
