// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '../../src/api/schema.d.ts';
import { AgentSettingsPanel } from '../../src/web/features/agents/AgentSettingsPanel.tsx';
import { TerminalAccess } from '../../src/web/features/agents/TerminalAccess.tsx';
import { type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import { withKeyDispatcher } from './keyboard-harness.ts';
import { renderInShell } from './shell-harness.tsx';

withKeyDispatcher();

const AGENT = '00000000-0000-4000-8000-0000000000f2';
const CUSTOMER = '00000000-0000-4000-8000-0000000000c1';
type Settings = components['schemas']['AgentSettings'];
const settings = (extra: Partial<Settings> = {}): Settings => ({
  agent_id: AGENT,
  customer_id: CUSTOMER,
  syslog_forwarder: false,
  terminal_enabled: false,
  compliance_licence: false,
  syslog_forwarder_reason: 'Syslog forwarding is disabled without a compliance licence.',
  applied: {},
  ...extra,
});
const capability = { active_connection: true, capable: false, allowed: false, reason: 'x' };

let network: FakeNetwork;
beforeEach(() => {
  network = freshNetwork({ unmatched: 'not-found' });
  signIn(network, {
    permissions: ['global_user', 'read_all', 'modify_all'],
    attributes: { lab_terminal: true },
  });
  network.on('get', '/api/module/agents/v1/agents/interactive-shell/capable/{agent_id}', {
    status: 200,
    body: capability,
  });
});

describe('agent settings', () => {
  it('disables the syslog forwarder without a compliance licence and says why', async () => {
    network.on('get', '/api/agents/v1/agents/{agent_id}/settings', { status: 200, body: settings() });
    await renderInShell(<AgentSettingsPanel agentId={AGENT} canChange onChanged={() => {}} />);
    const syslog = await screen.findByRole('checkbox', { name: 'Syslog forwarder' });
    expect((syslog as HTMLInputElement).disabled).toBe(true);
    expect(syslog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(syslog.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Syslog forwarding is disabled without a compliance licence.',
    );
    // Someone who may start terminals but holds no certificate is told what is missing.
    expect(
      screen.getByText('You hold no terminal certificate for this customer. An Owner grants one by e-mail.'),
    ).toBeTruthy();
  });

  it('turns the forwarder on with the licence, from the keyboard, and tells the page', async () => {
    const user = userEvent.setup();
    const onChanged = vi.fn();
    network.on('get', '/api/agents/v1/agents/{agent_id}/settings', {
      status: 200,
      body: settings({ compliance_licence: true, syslog_forwarder_reason: null }),
    });
    network.on('put', '/api/agents/v1/agents/{agent_id}/settings', {
      status: 200,
      body: settings({ compliance_licence: true, syslog_forwarder_reason: null, syslog_forwarder: true }),
    });
    await renderInShell(<AgentSettingsPanel agentId={AGENT} canChange onChanged={onChanged} />);
    const syslog = await screen.findByRole('checkbox', { name: 'Syslog forwarder' });
    expect((syslog as HTMLInputElement).disabled).toBe(false);
    syslog.focus();
    await user.keyboard(' ');
    expect(await screen.findByText('Saved. The agent applies it at its next check-in.')).toBeTruthy();
    expect(network.callsTo('put', '/api/agents/v1/agents/{agent_id}/settings')[0]!.body).toEqual({
      syslog_forwarder: true,
    });
    expect((syslog as HTMLInputElement).checked).toBe(true);
    expect(onChanged).toHaveBeenCalled();
  });

  it('shows the settings without switches to someone who may not change them', async () => {
    network.on('get', '/api/agents/v1/agents/{agent_id}/settings', {
      status: 200,
      body: settings({ compliance_licence: true, syslog_forwarder_reason: null }),
    });
    await renderInShell(<AgentSettingsPanel agentId={AGENT} canChange={false} onChanged={() => {}} />);
    // No switch to be refused: the state reads as text.
    expect(await screen.findByText('Syslog forwarder: No · Terminal: No')).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});

describe('the terminal, a labs feature', () => {
  it('shows no terminal switch or state until the user switches the terminal on', async () => {
    signIn(network, {
      permissions: ['global_user', 'read_all', 'modify_all'],
      attributes: { lab_terminal: false },
    });
    network.on('get', '/api/agents/v1/agents/{agent_id}/settings', { status: 200, body: settings() });
    await renderInShell(<AgentSettingsPanel agentId={AGENT} canChange onChanged={() => {}} />);
    await screen.findByRole('checkbox', { name: 'Syslog forwarder' });
    expect(screen.queryByRole('checkbox', { name: 'Terminal' })).toBeNull();
    expect(screen.queryByText('You do not have permission to start a terminal')).toBeNull();
  });
});

describe('terminal access', () => {
  it('lets an Owner grant by e-mail (checked first) and revoke after confirming', async () => {
    const user = userEvent.setup();
    const certificate = {
      certificate_id: '00000000-0000-4000-8000-0000000000a1',
      customer_id: CUSTOMER,
      contact_id: '00000000-0000-4000-8000-0000000000b1',
      email: 'user@acme.test',
      expires_at: '2031-01-01T00:00:00.000Z',
      revoked_at: null,
      granted_by: '00000000-0000-4000-8000-0000000000b2',
      created_at: '2030-12-01T00:00:00.000Z',
      state: 'active' as const,
    };
    network.on('get', '/api/agents/v1/terminal-certificates', {
      status: 200,
      body: { certificates: [], can_grant: true },
    });
    network.on('post', '/api/agents/v1/terminal-certificates', { status: 201, body: certificate });
    await renderInShell(<TerminalAccess customerId={CUSTOMER} />);
    const email = await screen.findByRole('textbox', { name: 'User’s e-mail' });
    await user.type(email, 'not-an-address{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a valid Email');
    expect(network.callsTo('post', '/api/agents/v1/terminal-certificates')).toHaveLength(0);
    network.on('get', '/api/agents/v1/terminal-certificates', {
      status: 200,
      body: { certificates: [certificate], can_grant: true },
    });
    await user.clear(email);
    await user.type(email, 'user@acme.test{Enter}');
    expect(await screen.findByText('Certificate e-mailed to user@acme.test.')).toBeTruthy();
    expect(network.callsTo('post', '/api/agents/v1/terminal-certificates')[0]!.body).toEqual({
      customer_id: CUSTOMER,
      email: 'user@acme.test',
    });
    network.on('post', '/api/agents/v1/terminal-certificates/{certificate_id}/revoke', {
      status: 200,
      body: { ...certificate, state: 'revoked', revoked_at: '2030-12-02T00:00:00.000Z' },
    });
    await user.click(await screen.findByRole('button', { name: 'Revoke user@acme.test' }));
    expect(
      network.callsTo('post', '/api/agents/v1/terminal-certificates/{certificate_id}/revoke'),
    ).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Yes, revoke' }));
    await waitFor(() =>
      expect(
        network.callsTo('post', '/api/agents/v1/terminal-certificates/{certificate_id}/revoke'),
      ).toHaveLength(1),
    );
  });

  it('shows someone who is not an Owner only their own access, with no form', async () => {
    network.on('get', '/api/agents/v1/terminal-certificates', {
      status: 200,
      body: { certificates: [], can_grant: false },
    });
    await renderInShell(<TerminalAccess customerId={CUSTOMER} />);
    const section = await screen.findByText('Nobody holds terminal access to this customer’s agents.');
    expect(section).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(within(document.body).queryByRole('button', { name: 'Grant and e-mail' })).toBeNull();
  });
});
