import { describe, expect, it } from 'vitest';
import {
  type FilterKey,
  filtersFromQuery,
  filtersToQuery,
  lateByParts,
  matchesFilters,
} from '../../src/web/features/agents/agent-filters.ts';
import { searchAgents } from '../../src/web/features/agents/agent-search.ts';
import type { Agent } from '../../src/web/features/agents/api.ts';
import { anAgent } from '../helpers/agent-fixture.ts';

const agent = (over: Partial<Agent>): Agent => anAgent(over);

const set = (...keys: FilterKey[]) => new Set(keys);

describe('agents list filters and totals', () => {
  const dc = agent({ host_name: 'ACME-DC-01', is_domain_controller: true, sysmon_enabled: true });
  const isolated = agent({
    host_name: 'ACME-WS-02',
    status: 'isolated',
    states: ['online', 'isolated'],
    status_code: 1,
  });
  const offline = agent({
    host_name: 'acme-mac',
    platform: 'macos_14',
    architecture: 'arm64',
    status: 'offline',
    states: ['offline', 'out_of_date'],
    status_code: 3,
    ip: null,
  });

  it('each filter narrows the list, states by every state that holds', () => {
    const all = [dc, isolated, offline];
    const shown = (filters: Set<FilterKey>, text = '') =>
      all.filter((a) => matchesFilters(a, filters, text)).map((a) => a.host_name);
    expect(shown(set())).toEqual(['ACME-DC-01', 'ACME-WS-02', 'acme-mac']);
    expect(shown(set('online'))).toEqual(['ACME-DC-01', 'ACME-WS-02']);
    expect(shown(set('online', 'isolated'))).toEqual(['ACME-WS-02']);
    expect(shown(set('out_of_date'))).toEqual(['acme-mac']);
    expect(shown(set('domain_controller', 'sysmon'))).toEqual(['ACME-DC-01']);
    expect(shown(set('syslog_forwarder'))).toEqual([]);
    expect(shown(set(), 'MAC')).toEqual(['acme-mac']);
    expect(shown(set(), '10.0.0')).toEqual(['ACME-DC-01', 'ACME-WS-02']);
  });

  it('says how late an agent is in its largest whole unit', () => {
    expect(lateByParts(59)).toEqual({ unit: 'seconds', count: 59 });
    expect(lateByParts(60)).toEqual({ unit: 'minutes', count: 1 });
    expect(lateByParts(7200)).toEqual({ unit: 'hours', count: 2 });
    expect(lateByParts(3 * 86_400 + 5)).toEqual({ unit: 'days', count: 3 });
  });
});

describe('the agents list’s address and search', () => {
  it('reads the filters of a link and writes them back in one form', () => {
    const read = filtersFromQuery('status=offline,isolated&kind=sysmon&q=dc&status=bogus');
    expect([...read.filters].sort()).toEqual(['isolated', 'offline', 'sysmon']);
    expect(read.text).toBe('dc');
    expect(filtersToQuery(read)).toBe('status=offline,isolated&kind=sysmon&q=dc');
    expect(filtersFromQuery('status=offline&status=new').filters).toEqual(set('offline', 'new'));
    expect(filtersToQuery({ filters: set(), text: '  ' })).toBe('');
    expect(filtersToQuery({ filters: set(), text: 'a&b' })).toBe('q=a%26b');
    expect(filtersFromQuery('q=a%26b').text).toBe('a&b');
  });

  it('narrows the last result as the text grows and searches everything again when it shrinks', () => {
    const agents = [
      agent({ agent_id: 'a', host_name: 'SRV-DC-01', ip: '10.1.0.1' }),
      agent({ agent_id: 'b', host_name: 'srv-web', ip: '10.2.0.1' }),
      agent({ agent_id: 'c', host_name: 'WS-FIN-1', ip: null, states: ['offline'] }),
    ];
    const none = set();
    const hosts = (s: { rows: { host_name: string }[] }) => s.rows.map((r) => r.host_name);
    const srv = searchAgents(null, agents, none, 'SRV');
    expect(hosts(srv)).toEqual(['SRV-DC-01', 'srv-web']);
    const dc = searchAgents(srv, agents, none, 'srv-d');
    expect(hosts(dc)).toEqual(['SRV-DC-01']);
    // The same answer again is the same object: React sees nothing new.
    expect(searchAgents(dc, agents, none, ' srv-d ')).toBe(dc);
    expect(hosts(searchAgents(dc, agents, none, 's'))).toEqual(['SRV-DC-01', 'srv-web', 'WS-FIN-1']);
    expect(hosts(searchAgents(dc, agents, none, '10.2'))).toEqual(['srv-web']);
    const offline = searchAgents(srv, agents, set('offline'), 'fin');
    expect(hosts(offline)).toEqual(['WS-FIN-1']);
    // Other agents (a reload) are searched in full, not through the last result.
    const more = [...agents, agent({ agent_id: 'd', host_name: 'srv-dc-02' })];
    expect(hosts(searchAgents(dc, more, none, 'srv-dc'))).toEqual(['SRV-DC-01', 'srv-dc-02']);
  });
});
