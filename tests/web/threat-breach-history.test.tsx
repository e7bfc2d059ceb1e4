// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../src/api/schema.d.ts';
import { BreachHistory } from '../../src/web/features/threat/BreachHistory.tsx';
import { STORAGE_KEYS } from '../../src/web/shell/local-storage.ts';
import { apiError, type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import { ACME, GLOBEX } from './cases-fakes.ts';
import { withKeyDispatcher } from './keyboard-harness.ts';
import { customer, renderInShell } from './shell-harness.tsx';

withKeyDispatcher();

const HISTORY = '/api/threat/hibp';
type Entry = components['schemas']['BreachHistoryEntry'];

const ADOBE = {
  name: 'Adobe',
  title: 'Adobe',
  domain: 'adobe.com',
  breach_date: '2013-10-04',
  pwn_count: 152445165,
  data_classes: ['Email addresses', 'Passwords'],
  verified: true,
};
const LOOKUPS: Entry[] = [
  {
    account: 'lee@acme.example',
    customer_id: ACME,
    status: 'failed',
    breach_count: 0,
    breaches: [],
    requested_at: '2026-01-03T10:00:00.000Z',
    finished_at: '2026-01-03T10:05:00.000Z',
    error: 'the provider answered 503',
  },
  {
    account: 'kim@globex.example',
    customer_id: GLOBEX,
    status: 'done',
    breach_count: 1,
    breaches: [ADOBE],
    requested_at: '2026-01-02T10:00:00.000Z',
    finished_at: '2026-01-02T10:00:20.000Z',
    error: null,
  },
];

let network: FakeNetwork;

function renderHistory() {
  return renderInShell(<BreachHistory />, {
    path: '/threat',
    data: {
      customers: [customer('Acme Corp', ACME), customer('Globex', GLOBEX)],
      loaded: { customers: true, contacts: true, agents: true },
    },
  });
}

beforeEach(() => {
  network = freshNetwork({ unmatched: 'not-found' });
  signIn(network, { permissions: ['global_user', 'read_all'] });
  network.on('get', HISTORY, { status: 200, body: { lookups: LOOKUPS } });
});

describe('breach history', () => {
  it('lists past look-ups with their customer, state, breaches found and error', async () => {
    await renderHistory();
    const region = await screen.findByRole('region', { name: 'Breach history' });
    const lee = (
      await within(region).findByRole('button', { name: 'lee@acme.example' })
    ).closest<HTMLElement>('[role="row"]')!;
    const cells = within(lee)
      .getAllByRole('gridcell')
      .map((c) => c.textContent);
    expect(cells[1]).toBe('Acme Corp');
    expect(cells[2]).toBe('Failed');
    expect(cells[3]).toBe('None');
    expect(cells[6]).toBe('the provider answered 503');
    const kim = within(region)
      .getByRole('button', { name: 'kim@globex.example' })
      .closest<HTMLElement>('[role="row"]')!;
    expect(within(kim).getAllByRole('gridcell')[3]!.textContent).toBe('1');
    expect(network.callsTo('get', HISTORY)[0]!.query.getAll('customer_ids')).toEqual([]);
  });

  it('asks only for the customers of the shell filter', async () => {
    localStorage.setItem(STORAGE_KEYS.selectedCustomers, JSON.stringify([{ customer_id: GLOBEX }]));
    await renderHistory();
    await screen.findByRole('button', { name: 'lee@acme.example' });
    expect(network.callsTo('get', HISTORY)[0]!.query.getAll('customer_ids')).toEqual([GLOBEX]);
  });

  it('opens a look-up with j/k and Enter to show its breaches, and closes it with Esc', async () => {
    const user = userEvent.setup();
    await renderHistory();
    await screen.findByRole('button', { name: 'lee@acme.example' });
    await user.keyboard('jjk');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('lee@acme.example'));
    await user.keyboard('j{Enter}');
    const open = await screen.findByRole('region', { name: 'Breaches of kim@globex.example' });
    expect(within(open).getByRole('gridcell', { name: 'Adobe (adobe.com)' })).toBeTruthy();
    expect(within(open).getByText('1 breach')).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('region', { name: /^Breaches of/ })).toBeNull());
    await waitFor(() => expect(document.activeElement?.textContent).toBe('kim@globex.example'));
    // A failed look-up says why.
    await user.keyboard('k{Enter}');
    const failed = await screen.findByRole('region', { name: 'Breaches of lee@acme.example' });
    expect(within(failed).getByRole('alert').textContent).toBe(
      'This look-up failed: the provider answered 503',
    );
  });

  it('says so when there is no look-up', async () => {
    network.on('get', HISTORY, { status: 200, body: { lookups: [] } });
    await renderHistory();
    // The loading status comes first; the empty one replaces it.
    expect(await screen.findByText('No breach look-up has been made for these customers yet.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      'No breach look-up has been made for these customers yet.',
    );
  });

  it('offers a retry after a failed load', async () => {
    const user = userEvent.setup();
    network.on('get', HISTORY, apiError(500, 'Down'));
    await renderHistory();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Unable to load the breach history');
    network.on('get', HISTORY, { status: 200, body: { lookups: LOOKUPS } });
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'kim@globex.example' })).toBeTruthy();
  });
});
