// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CaseDialog } from '../../src/web/features/alerts/detail/CaseDialog.tsx';
import { MuteDialog } from '../../src/web/features/alerts/detail/MuteDialog.tsx';
import type { Alert } from '../../src/web/features/alerts/types.ts';
import { type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import { alert as summary } from './alerts-fixtures.ts';
import { ACME, caseRecord, caseSummary } from './cases-fakes.ts';
import { renderInShell } from './shell-harness.tsx';

const MUTES = '/api/alerts/v1/mutes/';
const CASES = '/api/cases/v1/cases/';
const CASE_ALERTS = '/api/cases/v1/cases/{id}/alerts';

let network: FakeNetwork;
beforeEach(() => {
  network = freshNetwork({ unmatched: 'not-found' });
  signIn(network, { permissions: ['global_user', 'read_all'] });
});

const open = (fields: Partial<Alert> = {}) =>
  ({
    ...summary({ id: 42, customer_id: ACME, title: 'Mimikatz on web-01', host_name: 'web-01' }),
    ...fields,
  }) as Alert;

describe('mute alerts like this one', () => {
  it('mutes with the chosen conditions, expiry and description, this alert included', async () => {
    const user = userEvent.setup();
    const onMuted = vi.fn();
    await renderInShell(<MuteDialog alert={open()} onMuted={onMuted} onFailed={vi.fn()} onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Mute alerts like this one' });
    await user.click(within(dialog).getByRole('checkbox', { name: /Type is/ }));
    await user.selectOptions(within(dialog).getByLabelText('Mute for'), '604800');
    network.on('post', MUTES, { status: 201, body: {} as never });
    await user.click(within(dialog).getByRole('button', { name: 'Mute' }));
    await waitFor(() => expect(onMuted).toHaveBeenCalled());
    expect(network.callsTo('post', MUTES)[0]!.body).toEqual({
      customer_id: ACME,
      conditions: [
        { field: 'title', operator: 'equals', value: 'Mimikatz on web-01' },
        { field: 'host_name', operator: 'equals', value: 'web-01' },
      ],
      description: 'Muted from alert 42',
      ttl_seconds: 604_800,
      source_alert_id: 42,
    });
  });

  it('says a condition is needed, marks the choices and sends nothing without one', async () => {
    const user = userEvent.setup();
    await renderInShell(<MuteDialog alert={open()} onMuted={vi.fn()} onFailed={vi.fn()} onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Mute alerts like this one' });
    for (const box of within(dialog).getAllByRole('checkbox')) await user.click(box);
    await user.click(within(dialog).getByRole('button', { name: 'Mute' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Choose at least one condition.');
    expect(document.activeElement).toBe(within(dialog).getAllByRole('checkbox')[0]);
    expect(network.callsTo('post', MUTES)).toHaveLength(0);
  });
});

describe('assign to a case', () => {
  it('adds the alert to a case of its customer chosen from the list', async () => {
    const user = userEvent.setup();
    const onDone = vi.fn();
    network.on('get', CASES, {
      status: 200,
      body: {
        cases: [caseSummary(7, { title: 'Phishing wave' }), caseSummary(9)],
        total: 2,
        search_after: null,
      },
    });
    network.on('post', CASE_ALERTS, { status: 200, body: {} as never });
    await renderInShell(<CaseDialog alert={open()} onDone={onDone} onFailed={vi.fn()} onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Assign to a case' });
    await user.selectOptions(await within(dialog).findByLabelText('Case of this customer'), '9');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('Added to case #9'));
    expect(network.callsTo('post', CASE_ALERTS)[0]!.params).toEqual({ id: '9' });
  });

  it('opens a new case titled after the alert when the customer has none', async () => {
    const user = userEvent.setup();
    const onDone = vi.fn();
    network.on('get', CASES, { status: 200, body: { cases: [], total: 0, search_after: null } });
    network.on('post', CASES, { status: 201, body: caseRecord(12) });
    await renderInShell(<CaseDialog alert={open()} onDone={onDone} onFailed={vi.fn()} onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Assign to a case' });
    expect(await within(dialog).findByText('This customer has no other case yet.')).toBeTruthy();
    expect(within(dialog).getByRole<HTMLInputElement>('radio', { name: 'Existing case' }).disabled).toBe(
      true,
    );
    const title = within(dialog).getByRole<HTMLInputElement>('textbox', { name: /Title of the new case/ });
    expect(title.value).toBe('Mimikatz on web-01');
    await user.clear(title);
    await user.type(title, 'Credential theft');
    await user.click(within(dialog).getByRole('button', { name: 'Create case' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('Case #12 created'));
    expect(network.callsTo('post', CASES)[0]!.body).toEqual({
      customer_id: ACME,
      title: 'Credential theft',
      description: '',
      alert_ids: [42],
    });
  });
});
