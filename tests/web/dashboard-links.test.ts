import { describe, expect, it } from 'vitest';
import { filtersFromQuery } from '../../src/web/features/agents/agent-filters.ts';
import { addressFilters } from '../../src/web/features/alerts/list/address-filters.ts';
import type { AgentHealth } from '../../src/web/features/dashboard/api.ts';
import { alertsLink, OPEN } from '../../src/web/features/dashboard/links.ts';
import { agentHealthModel, type Formats } from '../../src/web/features/dashboard/models.ts';

const searchOf = (link: string) => link.slice(link.indexOf('?'));

/** What the dashboard's points open is what the alert list reads from its address. */
describe('dashboard links to the alert list', () => {
  it('carries a priority and a bucket of time as a creation period', () => {
    const link = alertsLink({
      priority: 'critical',
      from: '2026-11-25T00:00:00.000Z',
      to: '2026-11-26T00:00:00.000Z',
    });
    expect(link.startsWith('/alerts?')).toBe(true);
    expect(addressFilters(searchOf(link))).toEqual({
      filters: { keyword: '', statuses: [], priorities: ['critical'], caseFilter: 'all' },
      days: -1,
      title: null,
      period: { from: '2026-11-25T00:00:00.000Z', to: '2026-11-26T00:00:00.000Z' },
    });
  });

  it('opens all time (-1) as the list without a date filter', () => {
    const link = alertsLink({ type: 'phishing', days: -1 });
    expect(link).toBe('/alerts?q=type%3A%22phishing%22');
    expect(addressFilters(searchOf(link)).days).toBe(-1);
  });

  it('narrows to a customer and a type with the keyword, statuses repeated, and a span', () => {
    const link = alertsLink({
      customer: 'Acme "Corp" Ltd',
      type: 'lateral movement',
      statuses: OPEN,
      days: 7,
    });
    const read = addressFilters(searchOf(link));
    expect(read.filters.keyword).toBe('customer:"Acme Corp Ltd" type:"lateral movement"');
    expect(read.filters.statuses).toEqual([...OPEN]);
    expect(read.days).toBe(7);
    expect(read.period).toBeNull();
  });

  it('ignores what the list does not know rather than failing', () => {
    const read = addressFilters(
      '?priority=urgent&status=nonsense&status=new&days=5&from=yesterday&to=2026-01-01',
    );
    expect(read.filters.priorities).toEqual([]);
    expect(read.filters.statuses).toEqual(['new']);
    expect(read.days).toBe(-1);
    expect(read.period).toBeNull();
  });
});

describe('the agent health chart', () => {
  it('opens the agents list filtered to the status of the bar, as the list reads it', () => {
    const answer = {
      customers: [
        {
          customer_id: 'c1',
          statuses: { online: 3, new: 0, out_of_date: 1, isolated: 0, unhealthy: 0, offline: 2 },
        },
      ],
    } as unknown as AgentHealth;
    const formats = { count: String } as unknown as Formats;
    const model = agentHealthModel(answer, ((key: string) => key) as never, formats, (id) => id);
    const offline = model.series.findIndex((s) => s.key === 'offline');
    const link = model.href(0, offline)!;
    expect(link).toBe('/agents?status=offline');
    expect([...filtersFromQuery(searchOf(link)).filters]).toEqual(['offline']);
  });
});
