// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Mute } from '../../machines/mute-lifecycle/mute-lifecycle.context.ts';
import { commandTargetStore } from '../../src/web/commands/target.ts';
import type { MutesCommandTarget } from '../../src/web/features/mutes/command-target.ts';
import { MutesPage } from '../../src/web/features/mutes/MutesPage.tsx';
import { type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import { ACME, GLOBEX } from './cases-fakes.ts';
import { withKeyDispatcher } from './keyboard-harness.ts';
import { customer, renderInShell } from './shell-harness.tsx';

withKeyDispatcher();
const MUTES = '/api/alerts/v1/mutes/';
const UNMUTE = '/api/alerts/v1/mutes/{mute_id}/unmute';
const stateOf = (call: { query: URLSearchParams }) => call.query.get('state') as Mute['state'];

const ACTIVE: Mute = {
  id: '00000000-0000-4000-8000-0000000000a1',
  customer_id: ACME,
  conditions: [
    { field: 'title', operator: 'contains', value: 'backup job' },
    { field: 'host_name', operator: 'equals', value: 'nas-01' },
  ],
  description: 'Nightly backups look like exfiltration.',
  state: 'active',
  expires_at: new Date(Date.now() + 3_600_000).toISOString(),
  ttl_seconds: 3600,
  created_by: 'analyst@watchfloor.example',
  source_alert_id: 42,
  version: 4,
  created_at: '2025-06-01T11:00:00.000Z',
  updated_at: '2025-06-01T11:00:00.000Z',
};
const EXPIRED: Mute = {
  ...ACTIVE,
  id: '00000000-0000-4000-8000-0000000000a2',
  conditions: [{ field: 'type', operator: 'equals', value: 'port_scan' }],
  state: 'expired',
  ttl_seconds: null,
  expires_at: '2025-05-01T00:00:00.000Z',
};

let lists: Record<Mute['state'], Mute[]>;
let network: FakeNetwork;

async function renderMutes() {
  const data = {
    customers: [customer('Acme Corp', ACME), customer('Globex', GLOBEX)],
    loaded: { customers: true, contacts: true, agents: true },
  };
  return renderInShell(<MutesPage params={{}} route="mute-conditions" />, { path: '/alerts/muted', data });
}

beforeEach(() => {
  lists = { active: [ACTIVE], inactive: [], expired: [EXPIRED] };
  network = freshNetwork({ unmatched: 'not-found' });
  // Provider staff who may change cases and mutes.
  signIn(network, { permissions: ['global_user', 'read_all', 'modify_all'] });
  network.on('get', MUTES, (call) => ({ status: 200 as const, body: { mutes: lists[stateOf(call)] } }));
});

describe('mute conditions: lists', () => {
  it('shows active mutes, and expired ones under inactive with their state', async () => {
    const user = userEvent.setup();
    await renderMutes();
    const active = await screen.findByRole('tab', { name: /Active/ });
    expect(active.getAttribute('aria-selected')).toBe('true');
    const panel = screen.getByRole('tabpanel');
    expect(panel.textContent).toContain('backup job');
    expect(panel.textContent).not.toContain('port_scan');
    await user.click(screen.getByRole('tab', { name: /Inactive/ }));
    expect(panel.textContent).toContain('port_scan');
    expect(within(panel).getByText('Expired')).toBeTruthy();
  });
});

describe('mute conditions: keys from the registry', () => {
  const SECOND: Mute = {
    ...ACTIVE,
    id: '00000000-0000-4000-8000-0000000000a4',
    conditions: [{ field: 'priority', operator: 'equals', value: 'low' }],
    description: '',
    version: 2,
  };
  const row = (text: RegExp) => screen.getByRole('button', { name: text });
  const target = () => commandTargetStore.get() as MutesCommandTarget | null;

  it('shows ten placeholder rows while the mutes load', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    network.on('get', MUTES, async (call) => {
      if (stateOf(call) === 'active') await answered;
      return { status: 200 as const, body: { mutes: stateOf(call) === 'active' ? [ACTIVE] : [] } };
    });
    const { container } = await renderMutes();
    expect(container.querySelectorAll('.mute-list--placeholder .mute-item')).toHaveLength(10);
    expect(screen.getByRole('tabpanel').getAttribute('aria-busy')).toBe('true');
    answer();
    expect(await screen.findByRole('button', { name: /backup job/ })).toBeTruthy();
    expect(container.querySelectorAll('.mute-list--placeholder')).toHaveLength(0);
  });

  it('j/k move the focus, x and Shift+k select active mutes for >unmute, Esc clears, then closes', async () => {
    const user = userEvent.setup();
    commandTargetStore.set(null);
    lists = { active: [ACTIVE, SECOND], inactive: [], expired: [EXPIRED] };
    await renderMutes();
    await screen.findByRole('button', { name: /backup job/ });
    // The row's name takes the focus once the row is in view.
    await user.keyboard('j');
    await waitFor(() => expect(document.activeElement).toBe(row(/backup job/)));
    await user.keyboard('j');
    await waitFor(() => expect(document.activeElement).toBe(row(/low/)));
    await user.keyboard('x');
    expect(target()).toMatchObject({ kind: 'mutes', ids: [SECOND.id], canChange: true });
    await user.keyboard('{Shift>}k{/Shift}');
    expect(target()!.ids.sort()).toEqual([ACTIVE.id, SECOND.id].sort());
    expect(target()!.versions).toEqual({ [ACTIVE.id]: 4, [SECOND.id]: 2 });
    expect(screen.getByText('2 mutes selected')).toBeTruthy();
    expect(
      screen.getByRole<HTMLInputElement>('checkbox', { name: /Select the mute Title contains backup job/ })
        .checked,
    ).toBe(true);

    await user.keyboard('{Escape}');
    expect(screen.queryByText('2 mutes selected')).toBeNull();
    await user.keyboard('{Enter}');
    const details = await screen.findByRole('complementary', { name: 'Mute details' });
    expect(details.textContent).toContain('backup job');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('complementary', { name: 'Mute details' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(row(/backup job/)));
  });

  it('offers no selection on the inactive tab, where nothing can be unmuted', async () => {
    const user = userEvent.setup();
    commandTargetStore.set(null);
    await renderMutes();
    await screen.findByRole('button', { name: /backup job/ });
    await user.click(screen.getByRole('tab', { name: /Inactive/ }));
    await user.keyboard('jx');
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(target()).toBeNull();
  });

  it('read-only staff are told why there is nothing to change', async () => {
    signIn(network, { permissions: ['global_user', 'read_all'] });
    await renderMutes();
    await screen.findByRole('button', { name: /backup job/ });
    expect(screen.getByRole('note').textContent).toBe(
      'You can view mutes but not create, edit or unmute them.',
    );
  });
});

describe('mute conditions: the condition form', () => {
  it('validates customer, field, value and pattern before saving, with rows added and removed', async () => {
    const user = userEvent.setup();
    await renderMutes();
    await screen.findByText('backup job');
    await user.keyboard('n');
    const form = await screen.findByRole('form', { name: 'New mute' });
    const inForm = within(form);
    // The form takes the focus, so it can be filled in from the keyboard at once.
    expect(document.activeElement).toBe(inForm.getByRole('combobox', { name: 'Customer' }));
    // One day is the default expiry (spec 2, section 9).
    expect(inForm.getByRole<HTMLInputElement>('radio', { name: '1 day' }).checked).toBe(true);

    await user.click(inForm.getByRole('button', { name: 'Create mute' }));
    expect(form.textContent).toContain('Please select a customer');
    expect(form.textContent).toContain('Please provide a value.');
    expect(network.callsTo('post', MUTES)).toHaveLength(0);

    await user.selectOptions(inForm.getByRole('combobox', { name: 'Customer' }), ACME);
    const field = inForm.getByRole('combobox', { name: 'Field' });
    await user.clear(field);
    await user.type(field, 'hostname');
    await user.selectOptions(inForm.getByRole('combobox', { name: 'Operator' }), 'regex');
    await user.type(inForm.getByRole('textbox', { name: 'Value' }), 'backup(');
    await user.click(inForm.getByRole('button', { name: 'Create mute' }));
    expect(form.textContent).toContain(
      'Use title, type, priority, host_name, external_source or fields.<path>',
    );
    expect(form.textContent).toContain('This is not a valid regular expression.');
    expect(network.callsTo('post', MUTES)).toHaveLength(0);

    await user.clear(field);
    await user.type(field, 'fields.process.name');
    await user.selectOptions(inForm.getByRole('combobox', { name: 'Operator' }), 'equals');
    await user.click(inForm.getByRole('button', { name: 'Add condition' }));
    expect(inForm.getAllByRole('group', { name: /Condition \d/ })).toHaveLength(2);
    await user.click(inForm.getByRole('button', { name: 'Remove condition 2' }));
    expect(inForm.getAllByRole('group', { name: /Condition \d/ })).toHaveLength(1);
    expect(inForm.getByRole<HTMLButtonElement>('button', { name: 'Remove condition 1' }).disabled).toBe(true);

    await user.type(inForm.getByRole('textbox', { name: 'Description' }), 'Backup agent');
    network.on('post', MUTES, {
      status: 201,
      body: { ...ACTIVE, id: '00000000-0000-4000-8000-0000000000a3', version: 1 },
    });
    await user.click(inForm.getByRole('button', { name: 'Create mute' }));
    await waitFor(() => expect(network.callsTo('post', MUTES)).toHaveLength(1));
    expect(network.callsTo('post', MUTES)[0]!.body).toEqual({
      customer_id: ACME,
      conditions: [{ field: 'fields.process.name', operator: 'equals', value: 'backup(' }],
      description: 'Backup agent',
      ttl_seconds: 86_400,
    });
    expect(await screen.findByRole('heading', { name: 'Mute details' })).toBeTruthy();
  });

  it('refuses a custom expiry in the past', async () => {
    const user = userEvent.setup();
    await renderMutes();
    await user.click(await screen.findByRole('button', { name: 'New mute' }));
    const form = await screen.findByRole('form', { name: 'New mute' });
    await user.click(within(form).getByRole('radio', { name: 'Custom date' }));
    const when = within(form).getByLabelText('Expires at');
    await user.type(when, '2020-01-01T10:00');
    expect(within(form).getByRole('alert').textContent).toBe('The expiry must be in the future.');
  });
});

describe('mute conditions: unmute', () => {
  it('asks first; cancel changes nothing, confirming unmutes with the version read', async () => {
    const user = userEvent.setup();
    await renderMutes();
    await user.click(await screen.findByRole('button', { name: /backup job/ }));
    const details = await screen.findByRole('complementary', { name: 'Mute details' });
    expect(details.textContent).toContain('All conditions must match');
    expect(within(details).getByRole('link', { name: '#42' }).getAttribute('href')).toBe('/alerts/42');

    await user.click(within(details).getByRole('button', { name: 'Unmute' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Unmute' });
    expect(dialog.textContent).toContain(
      'Unmute this condition? New matching alerts will no longer be muted.',
    );
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(network.callsTo('post', UNMUTE)).toHaveLength(0);

    const inactive: Mute = { ...ACTIVE, state: 'inactive', ttl_seconds: null, version: 5 };
    network.on('post', UNMUTE, () => {
      lists = { active: [], inactive: [inactive], expired: [EXPIRED] };
      return { status: 200 as const, body: inactive };
    });
    await user.click(within(details).getByRole('button', { name: 'Unmute' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Unmute' });
    await user.click(within(dialog).getByRole('button', { name: 'Unmute' }));
    await waitFor(() => expect(network.callsTo('post', UNMUTE)).toHaveLength(1));
    const [unmute] = network.callsTo('post', UNMUTE);
    expect(unmute!.params).toEqual({ mute_id: ACTIVE.id });
    expect(unmute!.body).toEqual({ version: 4 });
    await waitFor(() => expect(within(details).getByText('Inactive')).toBeTruthy());
    expect(within(details).queryByRole('button', { name: 'Unmute' })).toBeNull();

    await user.click(screen.getByRole('tab', { name: /Inactive/ }));
    expect(screen.getByRole('tabpanel').textContent).toContain('backup job');
  });
});

describe('mute conditions: read-only staff', () => {
  it('offers neither a new mute nor edit and unmute', async () => {
    const user = userEvent.setup();
    signIn(network, { permissions: ['global_user', 'read_all'] });
    await renderMutes();
    await user.click(await screen.findByRole('button', { name: /backup job/ }));
    const details = await screen.findByRole('complementary', { name: 'Mute details' });
    expect(within(details).queryByRole('button', { name: 'Unmute' })).toBeNull();
    expect(within(details).queryByRole('button', { name: 'Edit conditions' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New mute' })).toBeNull();
    await user.keyboard('n');
    expect(screen.queryByRole('form', { name: 'New mute' })).toBeNull();
  });
});
