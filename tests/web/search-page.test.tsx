// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { overlayStore } from '../../src/web/commands/palette-store.ts';
import type { SearchPage as SearchPageAnswer } from '../../src/web/features/logs/api.ts';
import { pointTooltip } from '../../src/web/features/logs/echarts-map.ts';
import { apiError, type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import { stubLayout } from './dom-layout.ts';
import { answerSearchOpening, renderSearchScreen, savedSearch, searchPage } from './search-fakes.tsx';
import { customer } from './shell-harness.tsx';

/** The search screen as a person uses it: customer filter, stale links, saved searches, ranges, map. */

const START = '/api/search/v1/search/';
const JOB = '/api/search/v1/search/{id}';
const SAVED_ONE = '/api/search/v1/saved/{id}';
const RULES = '/api/search/v1/alerting/';
const RULE = '/api/search/v1/alerting/{id}';
const MAP = '/api/search/v1/graphs/{id}/map';
const SEARCH_ID = '00000000-0000-4000-8000-0000000000a1';
const ACME = '00000000-0000-4000-8000-00000000ac01';
const GLOBEX = '00000000-0000-4000-8000-00000000ac02';
const PERIOD = { from: '2026-11-25T10:00:00.000Z', to: '2026-11-26T10:00:00.000Z' };
const data = {
  customers: [customer('Acme Corp', ACME), customer('Globex', GLOBEX)],
  loaded: { customers: true, contacts: true, agents: true },
};

const SAVED = savedSearch({
  search: { search_term: 'EventID:4625', headers: ['host', 'message'] },
  period: { range: 129_600 },
});
const RULE_OF_SAVED = {
  id: '00000000-0000-4000-8000-0000000000d1',
  saved_search_id: SAVED.id,
  owner_id: SAVED.owner_id,
  period: 900,
  priority: 'high' as const,
  threshold: 5,
  realert: '10' as const,
  enabled: true,
  last_run_at: null,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
};

const done = (customers: string[]): SearchPageAnswer => ({
  id: SEARCH_ID,
  mode: 'keyword',
  period: PERIOD,
  status: 'done',
  progress: 100,
  total: 1,
  results: [
    {
      id: '1',
      time: '2026-11-26T09:00:00.000Z',
      customer_id: customers[0] ?? ACME,
      source: 'windows',
      host: 'ACME-DC-01',
      src_ip: '203.0.113.9',
      dst_ip: null,
      user: 'j.smith',
      event_id: 4625,
      severity: 'warning',
      message: 'An account failed to log on.',
      raw: { EventID: 4625 },
    },
  ],
  search_after: null,
  error: null,
  customer_ids: customers,
});

let network: FakeNetwork;
stubLayout();

beforeEach(() => {
  overlayStore.close();
  localStorage.clear();
  network = answerSearchOpening(freshNetwork({ unmatched: 'not-found' }), [SAVED])
    .on('get', RULES, { status: 200, body: { rules: [RULE_OF_SAVED] } })
    .on('post', START, (call) => ({
      status: 201 as const,
      body: {
        id: SEARCH_ID,
        mode: 'keyword' as const,
        period: PERIOD,
        customer_ids: call.body.customer_ids ?? [ACME, GLOBEX],
      },
    }))
    .on('get', JOB, { status: 200, body: done([ACME, GLOBEX]) });
  signIn(network, { permissions: ['read_all'] });
});

async function setup(params: { id?: string } = {}) {
  const user = userEvent.setup();
  const view = await renderSearchScreen(searchPage(params), {
    path: params.id ? `/search/${params.id}` : '/search',
    data,
  });
  return { user, ...view };
}

const query = () => screen.getByRole('searchbox', { name: 'Query' });

describe('the search screen', () => {
  it('searches only the customers the console is filtered to, and says which it covered', async () => {
    localStorage.setItem('watchfloor.selectedCustomers', JSON.stringify([{ customer_id: ACME }]));
    network.on('get', JOB, { status: 200, body: done([ACME]) });
    const { user } = await setup();
    await user.type(query(), 'failed{Enter}');
    await waitFor(() => expect(network.callsTo('post', START)).toHaveLength(1));
    expect(network.callsTo('post', START)[0]!.body).toMatchObject({
      customer_ids: [ACME],
      search: { search_term: 'failed', headers: ['host', 'user', 'event_id', 'message'] },
    });
    expect(await screen.findByText('Searched: Acme Corp')).toBeTruthy();
  });

  it('without a filter, searches every customer and says so', async () => {
    const { user } = await setup();
    await user.type(query(), 'failed{Enter}');
    await waitFor(() => expect(network.callsTo('post', START)).toHaveLength(1));
    expect(network.callsTo('post', START)[0]!.body).not.toHaveProperty('customer_ids');
    expect(await screen.findByText('Searched all your customers (2)')).toBeTruthy();
  });

  it('a stale search id says the search is gone and runs it again on request', async () => {
    network.on('get', JOB, () => apiError(404, 'Search not found'));
    const { user } = await setup({ id: SEARCH_ID });
    const gone = await screen.findByText('This search is gone: it has expired or the link is old.');
    expect(gone).toBeTruthy();
    const reads = network.callsTo('get', JOB).length;
    expect(reads).toBe(1);
    network.on('get', JOB, { status: 200, body: done([ACME, GLOBEX]) });
    await user.click(screen.getByRole('button', { name: 'Run the search again' }));
    await waitFor(() => expect(network.callsTo('post', START)).toHaveLength(1));
    expect(await screen.findByText('Searched all your customers (2)')).toBeTruthy();
  });

  it('a custom relative range ("last 36 hours") is searched as seconds back', async () => {
    const { user } = await setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Time range' }), 'custom');
    const amount = screen.getByRole('textbox', { name: 'Last' });
    await user.clear(amount);
    await user.type(amount, '36');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Unit' }), 'hours');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(network.callsTo('post', START)).toHaveLength(1));
    expect(network.callsTo('post', START)[0]!.body).toMatchObject({ period: { range: 129_600 } });
    await user.clear(amount);
    await user.type(amount, '0');
    expect(screen.getByText('Enter a whole number, up to a year back.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(network.callsTo('post', START)).toHaveLength(1);
  });

  it('edits a saved search: its name and the search shown, columns included (PUT /saved/{id})', async () => {
    network.on('put', SAVED_ONE, (call) => ({
      status: 200 as const,
      body: { ...SAVED, name: call.body.name, search: call.body.search },
    }));
    const { user } = await setup();
    await user.click(await screen.findByRole('button', { name: 'Edit saved search Failed logons' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit saved search “Failed logons”' });
    // Opening it restored its range (36 hours, a custom one) and columns.
    expect((screen.getByRole('textbox', { name: 'Last' }) as HTMLInputElement).value).toBe('36');
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Failed logons (DCs)');
    await user.click(within(dialog).getByRole('button', { name: 'Update saved search' }));
    await waitFor(() => expect(network.callsTo('put', SAVED_ONE)).toHaveLength(1));
    const put = network.callsTo('put', SAVED_ONE)[0]!;
    expect(put.params).toEqual({ id: SAVED.id });
    expect(put.body).toMatchObject({
      name: 'Failed logons (DCs)',
      scope: 'private',
      search: { search_term: 'EventID:4625', headers: ['host', 'message'] },
      period: { range: 129_600 },
    });
  });

  it('stops alerting on a saved search from its alert dialog (DELETE /alerting/{id})', async () => {
    network.on('delete', RULE, { status: 204, body: undefined as never });
    const { user } = await setup();
    await user.click(await screen.findByRole('button', { name: 'Failed logons' }));
    await user.click(screen.getByRole('button', { name: 'Save as alert…' }));
    const dialog = await screen.findByRole('dialog', { name: /Failed logons/ });
    await user.click(await within(dialog).findByRole('button', { name: 'Stop alerting' }));
    await waitFor(() => expect(network.callsTo('delete', RULE)).toHaveLength(1));
    expect(network.callsTo('delete', RULE)[0]!.params).toEqual({ id: RULE_OF_SAVED.id });
    expect(await screen.findByText('Alerting on “Failed logons” stopped')).toBeTruthy();
  });

  it('the palette edits the saved search shown and stops alerting on it', async () => {
    network.on('delete', RULE, { status: 204, body: undefined as never });
    const { user } = await setup();
    await user.click(await screen.findByRole('button', { name: 'Failed logons' }));
    await user.keyboard('{Control>}k{/Control}>edit-saved{Enter}');
    const edit = await screen.findByRole('dialog', { name: 'Edit saved search “Failed logons”' });
    await user.click(within(edit).getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Control>}k{/Control}>unalert{Enter}');
    const ask = await screen.findByRole('dialog', { name: 'Stop alerting on “Failed logons”?' });
    await within(ask).findByText('The alert rule is removed; the saved search stays.');
    await user.click(within(ask).getByRole('button', { name: 'Stop alerting' }));
    await waitFor(() => expect(network.callsTo('delete', RULE)).toHaveLength(1));
  });

  it('draws the source-address map of the search', async () => {
    network.on('get', MAP, {
      status: 200,
      body: {
        geoip: 'not_configured',
        message:
          'No GeoIP database is configured (GEOIP_DATABASE), so the addresses are listed without places.',
        total_addresses: 1,
        events_with_address: 1,
        status: 'done',
        partial: false,
        addresses: [{ address: '203.0.113.9', count: 1, country: null, latitude: null, longitude: null }],
      },
    });
    const { user } = await setup();
    await user.type(query(), 'failed{Enter}');
    const toggle = await screen.findByText('Map of source addresses');
    await user.click(toggle);
    const map = await screen.findByRole('figure', { name: 'Source addresses on a world map' });
    expect(within(map).getByRole('cell', { name: '203.0.113.9' })).toBeTruthy();
    expect(within(map).getByText(/No GeoIP database is configured/)).toBeTruthy();
  });

  it('escapes log text in the map tooltip', () => {
    const html = pointTooltip(
      { address: '<img src=x onerror=alert(1)>', country: '"&', coordinates: [0, 0], count: 3 },
      'Events',
    );
    expect(html).not.toContain('<img');
    expect(html).toBe('&lt;img src=x onerror=alert(1)&gt; (&quot;&amp;)<br/>Events: 3');
  });
  it('j and Enter show an event’s raw JSON under it; near the last event the next page is read with search_after', async () => {
    /** Page `n` of events: twenty, the first of them named by the page. */
    const events = (n: number) =>
      Array.from({ length: 20 }, (_, i) => ({
        ...done([ACME]).results[0]!,
        id: `${n}-${i}`,
        host: `HOST-${n}-${i}`,
        raw: { EventID: 4625, page: n, row: i },
      }));
    network.on('get', JOB, (call) => {
      const after = call.query.get('search_after');
      const page = after ? Number(after) : 1;
      return {
        status: 200 as const,
        body: { ...done([ACME]), results: events(page), search_after: page < 3 ? String(page + 1) : null },
      };
    });
    const { user } = await setup();
    await user.type(query(), 'failed{Enter}');
    const grid = await screen.findByRole('grid', { name: 'Events' });
    // Twenty rows, sixteen in view: the end is near, so the second page is read, and no more yet.
    await waitFor(() => expect(grid.getAttribute('aria-rowcount')).toBe('41'));
    const afters = () => network.callsTo('get', JOB).map((call) => call.query.get('search_after'));
    expect(afters().filter(Boolean)).toEqual(['2']);

    query().blur();
    await user.keyboard('j');
    const first = within(grid).getAllByRole('button', { name: /show or hide the raw event/ })[0]!;
    await waitFor(() => expect(document.activeElement).toBe(first));
    await user.keyboard('{Enter}');
    expect(first.getAttribute('aria-expanded')).toBe('true');
    const raw = document.getElementById(first.getAttribute('aria-controls') ?? '');
    expect(raw?.textContent).toContain('"page": 1');
    await user.keyboard('{Enter}');
    expect(first.getAttribute('aria-expanded')).toBe('false');
  });
});
