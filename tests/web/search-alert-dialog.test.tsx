// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Backtest, SavedSearch } from '../../src/web/features/logs/api.ts';
import { SaveAlertDialog } from '../../src/web/features/logs/SaveAlertDialog.tsx';
import { type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import { ACME, GLOBEX } from './cases-fakes.ts';
import { withKeyDispatcher } from './keyboard-harness.ts';
import { savedSearch } from './search-fakes.tsx';
import { customer, renderInShell } from './shell-harness.tsx';

withKeyDispatcher();
const RULES = '/api/search/v1/alerting/';
const BACKTEST = '/api/search/v1/alerting/backtest';

const SAVED = savedSearch();
const BACKTEST_RESULT: Backtest = {
  from: '2026-11-19T10:00:00.000Z',
  to: '2026-11-26T10:00:00.000Z',
  fired: 1,
  suppressed: 2,
  muted: 1,
  firings: [
    {
      time: '2026-11-20T08:00:00.000Z',
      customer_id: ACME,
      count: 7,
      outcome: 'fired',
      reason: null,
      mute: null,
    },
    {
      time: '2026-11-20T08:01:00.000Z',
      customer_id: ACME,
      count: 8,
      outcome: 'suppressed',
      reason: 'realert',
      mute: null,
    },
    {
      time: '2026-11-21T09:00:00.000Z',
      customer_id: GLOBEX,
      count: 5,
      outcome: 'suppressed',
      reason: 'muted',
      mute: { id: '00000000-0000-4000-8000-0000000000d1', description: 'Patch night' },
    },
  ],
};

let network: FakeNetwork;
let closed: number;

async function renderDialog(saved: SavedSearch = SAVED) {
  const data = {
    customers: [customer('Acme Corp', ACME), customer('Globex', GLOBEX)],
    loaded: { customers: true, contacts: true, agents: true },
  };
  return renderInShell(<SaveAlertDialog saved={saved} onClose={() => (closed += 1)} />, {
    path: '/search',
    data,
  });
}

beforeEach(() => {
  closed = 0;
  network = freshNetwork({ unmatched: 'not-found' });
  signIn(network, { permissions: ['global_user', 'read_all', 'modify_all'] });
  network.on('get', RULES, { status: 200, body: { rules: [] } });
  network.on('post', BACKTEST, { status: 200, body: BACKTEST_RESULT });
});

describe('save as alert', () => {
  it('says which customers the rule counts: all, or those the search was saved for', async () => {
    const view = await renderDialog();
    expect(await screen.findByText(/every customer you can see/)).toBeTruthy();
    view.unmount();
    await renderDialog({ ...SAVED, customer_ids: [ACME, GLOBEX] });
    expect(
      await screen.findByText('The rule counts the events of these customers: Acme Corp, Globex.'),
    ).toBeTruthy();
  });

  it('refuses an empty or out-of-range period and threshold, and sends nothing', async () => {
    const user = userEvent.setup();
    await renderDialog();
    const period = await screen.findByRole('textbox', { name: /Period/ });
    const threshold = screen.getByRole('textbox', { name: /Threshold/ });
    await user.clear(period);
    await user.clear(threshold);
    await user.type(threshold, '0');
    await user.click(screen.getByRole('button', { name: 'Backtest' }));
    expect(screen.getByText('This field is required.')).toBeTruthy();
    expect(screen.getByText('Enter a whole number from 1 to 1000000000.')).toBeTruthy();
    expect(period.getAttribute('aria-invalid')).toBe('true');
    await user.type(period, '1441');
    expect(screen.getByText('Enter whole minutes from 1 to 1440.')).toBeTruthy();
    await user.clear(period);
    await user.type(period, '2.5');
    expect(screen.getByText('Enter whole minutes from 1 to 1440.')).toBeTruthy();
    expect(network.callsTo('post', BACKTEST)).toHaveLength(0);
    expect((screen.getByRole('button', { name: 'Save alert rule' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('backtests the settings, lists the firings with their reasons, then saves exactly them', async () => {
    const user = userEvent.setup();
    network.on('post', RULES, (call) => ({
      status: 201 as const,
      body: {
        ...call.body,
        id: '00000000-0000-4000-8000-0000000000e1',
        owner_id: SAVED.owner_id,
        enabled: true,
        last_run_at: null,
        created_at: '2026-11-26T10:00:00.000Z',
        updated_at: '2026-11-26T10:00:00.000Z',
      },
    }));
    await renderDialog();
    const threshold = await screen.findByRole('textbox', { name: /Threshold/ });
    await user.clear(threshold);
    await user.type(threshold, '5');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Realert' }), 'After 2 minutes');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Priority' }), 'High');
    await user.type(threshold, '{Enter}');
    const result = await screen.findByRole('region', { name: 'Backtest over the last 7 days' });
    expect(network.callsTo('post', BACKTEST)[0]!.body).toEqual({
      saved_search_id: SAVED.id,
      period: 900,
      priority: 'high',
      threshold: 5,
      realert: '2',
      enabled: true,
    });
    expect(within(result).getByRole('status').textContent).toBe(
      'Would have fired 1 times; 2 firings suppressed, 1 of them by a mute.',
    );
    const rows = within(result).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]!.textContent).toContain('Acme Corp');
    expect(rows[1]!.textContent).toContain('Fired');
    expect(rows[2]!.textContent).toContain('Suppressed: realert interval');
    expect(rows[3]!.textContent).toContain('Globex');
    expect(rows[3]!.textContent).toContain('Suppressed: muted (Patch night)');

    // A change after the backtest locks saving until it is backtested again.
    const save = screen.getByRole('button', { name: 'Save alert rule' }) as HTMLButtonElement;
    expect(save.disabled).toBe(false);
    await user.type(threshold, '0');
    expect(save.disabled).toBe(true);
    expect(screen.getByText(/Backtest again before saving/)).toBeTruthy();
    await user.type(threshold, '{Backspace}');
    expect(save.disabled).toBe(false);

    await user.click(save);
    await waitFor(() => expect(closed).toBe(1));
    expect(network.callsTo('post', RULES)[0]!.body).toEqual(network.callsTo('post', BACKTEST)[0]!.body);
  });

  it('opens an existing rule with its settings and offers to replace it', async () => {
    network.on('get', RULES, {
      status: 200,
      body: {
        rules: [
          {
            id: '00000000-0000-4000-8000-0000000000e2',
            saved_search_id: SAVED.id,
            owner_id: SAVED.owner_id,
            period: 3600,
            priority: 'critical',
            threshold: 20,
            realert: 'always',
            enabled: true,
            last_run_at: null,
            created_at: '2026-11-26T10:00:00.000Z',
            updated_at: '2026-11-26T10:00:00.000Z',
          },
        ],
      },
    });
    await renderDialog();
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: /Period/ }) as HTMLInputElement).value).toBe('60'),
    );
    expect((screen.getByRole('textbox', { name: /Threshold/ }) as HTMLInputElement).value).toBe('20');
    expect((screen.getByRole('combobox', { name: 'Realert' }) as HTMLSelectElement).value).toBe('always');
    expect(screen.getByRole('button', { name: 'Replace alert rule' })).toBeTruthy();
  });
});
