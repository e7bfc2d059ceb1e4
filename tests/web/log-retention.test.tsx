// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomerRetention } from '../../src/web/features/retention/api.ts';
import { RetentionPage } from '../../src/web/features/retention/RetentionPage.tsx';
import { firstKeptDay } from '../../src/web/features/retention/usage-model.ts';
import { apiError, type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import { ACME, GLOBEX } from './cases-fakes.ts';
import { withKeyDispatcher } from './keyboard-harness.ts';
import { customer, renderInShell } from './shell-harness.tsx';

withKeyDispatcher();

// The test DOM has no canvas: the usage chart's drawing (ECharts) is left out; its table view is tested.
vi.mock('../../src/web/features/retention/echarts-usage.ts', () => ({
  drawUsage: () => ({ dispose() {} }),
}));

const RETENTION = '/api/search/v1/retention';
const SET = '/api/search/v1/retention/{customer_id}';
const DAY = 86_400_000;
const dayOf = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10);

/** `span` days of usage, `perDay(daysAgo)` events of 100 bytes each. */
const days = (span: number, perDay: (daysAgo: number) => number) =>
  Array.from({ length: span }, (_, i) => {
    const events = perDay(span - 1 - i);
    return { day: dayOf(span - 1 - i), events, bytes: events * 100 };
  });

const acme = (span: number): CustomerRetention => ({
  customer_id: ACME,
  retention_days: 30,
  stored: { events: 1500, bytes: 2_500_000 },
  by_type: [
    { source: 'windows', events: 1200, bytes: 2_000_000 },
    { source: 'firewall', events: 300, bytes: 500_000 },
  ],
  // Ten events a day on days 0 to 29.
  days: days(span, (ago) => (ago < 30 ? 10 : 0)),
});
const globex = (span: number): CustomerRetention => ({
  customer_id: GLOBEX,
  retention_days: 7,
  stored: { events: 0, bytes: 0 },
  by_type: [],
  days: days(span, () => 0),
});

let network: FakeNetwork;

async function renderPage() {
  const data = {
    customers: [customer('Acme Corp', ACME), customer('Globex', GLOBEX)],
    loaded: { customers: true, contacts: true, agents: true },
  };
  return renderInShell(<RetentionPage params={{}} route="log_retention" />, { path: '/log-retention', data });
}

beforeEach(() => {
  network = freshNetwork({ unmatched: 'not-found' });
  network.on('get', RETENTION, (call) => {
    const span = Number(call.query.get('days') ?? 90);
    const asked = call.query.getAll('customer_ids');
    const all = [acme(span), globex(span)];
    return {
      status: 200 as const,
      body: { customers: asked.length ? all.filter((c) => asked.includes(c.customer_id)) : all },
    };
  });
  network.on('put', SET, (call) => ({
    status: 200 as const,
    body: { customer_id: ACME, retention_days: call.body.days, previous_days: 30 },
  }));
});

describe('log retention screen', () => {
  it('lists each customer’s retention and stored data, and opens one by keyboard with its types and usage', async () => {
    signIn(network, { user: { role_level: 'Customer' }, permissions: ['read_all'] });
    const user = userEvent.setup();
    await renderPage();
    const row = (await screen.findByRole('button', { name: 'Acme Corp' })).closest<HTMLElement>(
      '[role="row"]',
    )!;
    expect(
      within(row)
        .getAllByRole('gridcell')
        .map((c) => c.textContent),
    ).toEqual(['Acme Corp', '30 days', '1,500', '2.5 MB']);
    expect(network.callsTo('get', RETENTION)[0]!.query.get('days')).toBe('90');

    await user.keyboard('j{Enter}');
    const detail = await screen.findByRole('region', { name: 'Acme Corp' });
    expect(within(detail).getByText(/Logs are kept for 30 days/).textContent).toContain(firstKeptDay(30));
    const types = within(detail).getByRole('table', { name: 'Events stored now for Acme Corp, by type' });
    expect(
      within(types)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['windows', 'firewall', 'All types']);
    // A customer's own user reads the retention, without a form to change it.
    expect(within(detail).getByText('Your service provider sets how long your logs are kept.')).toBeTruthy();
    expect(within(detail).queryByRole('spinbutton')).toBeNull();

    await user.click(within(detail).getByRole('button', { name: 'Show as table' }));
    const usage = within(detail).getByRole('region', { name: /Data usage over 90 days: 300 events/ });
    expect(within(usage).getAllByRole('row')).toHaveLength(91);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Acme Corp' })).toBeNull());
  });

  it('shows the empty and error states, and retries', async () => {
    signIn(network);
    let calls = 0;
    network.on('get', RETENTION, () =>
      ++calls === 1
        ? apiError(500, 'Database unavailable')
        : { status: 200 as const, body: { customers: [] } },
    );
    const user = userEvent.setup();
    await renderPage();
    expect(await screen.findByText('Log retention could not be loaded.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No customers to show. Check the customer filter.')).toBeTruthy();
  });

  it('lets staff lengthen at once, refuses bad days, and says what shortening deletes before it does', async () => {
    signIn(network);
    const user = userEvent.setup();
    await renderPage();
    await screen.findByRole('button', { name: 'Acme Corp' });
    await user.keyboard('j{Enter}');
    const detail = await screen.findByRole('region', { name: 'Acme Corp' });
    const input = within(detail).getByRole('spinbutton', { name: 'Days kept' });

    await user.clear(input);
    await user.type(input, '0{Enter}');
    expect(within(detail).getByRole('alert').textContent).toBe('Enter a whole number of days from 1 to 400.');
    expect(network.callsTo('put', SET)).toHaveLength(0);

    await user.clear(input);
    await user.type(input, '60{Enter}');
    await waitFor(() => expect(network.callsTo('put', SET)).toHaveLength(1));
    expect(network.callsTo('put', SET)[0]!.body).toEqual({ days: 60 });

    await user.clear(input);
    await user.type(input, '10{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Shorten the retention of Acme Corp?' });
    // Days 10 to 29 ago are kept now and not after: 20 days of 10 events of 100 bytes.
    expect(dialog.textContent).toContain(
      `200 events (20 kB) from before ${firstKeptDay(10)} will be deleted.`,
    );
    expect(network.callsTo('get', RETENTION).at(-1)!.query.get('days')).toBe('30');
    expect(network.callsTo('put', SET)).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Shorten to 10 days' }));
    await waitFor(() => expect(network.callsTo('put', SET)).toHaveLength(2));
    expect(network.callsTo('put', SET)[1]!.body).toEqual({ days: 10 });
  });
});
