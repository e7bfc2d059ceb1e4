// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { availability } from '../../src/web/commands/palette-model.ts';
import { findCommand } from '../../src/web/commands/registry.ts';
import { AgentPage } from '../../src/web/features/agents/AgentPage.tsx';
import { AgentsPage } from '../../src/web/features/agents/AgentsPage.tsx';
import type { AgentDetail } from '../../src/web/features/agents/api.ts';
import { anAgent } from '../helpers/agent-fixture.ts';
import { apiError, type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import { withKeyDispatcher } from './keyboard-harness.ts';
import { renderInShell } from './shell-harness.tsx';

withKeyDispatcher();

const AGENT = '00000000-0000-4000-8000-000000000001';
const detail: AgentDetail = {
  ...anAgent({ agent_id: AGENT, version: '4.13.0-rc.2+77', short_novasoc_version: '4.13.0' }),
  attributes: [],
  settings: {},
  applied_settings: {},
  health_issues: [],
};
const CUSTOMER_USER = { role_level: 'Customer' as const };

let network: FakeNetwork;
beforeEach(() => {
  network = freshNetwork({ unmatched: 'not-found' });
  network.on('get', '/api/agents/v1/agents/{agent_id}', { status: 200, body: detail });
  network.on('get', '/api/agents/v1/agents/{agent_id}/actions', {
    status: 200,
    body: { is_active: true, actions: [] },
  });
  network.on('get', '/api/agents/v1/agents/', { status: 200, body: { agents: [anAgent()], offset: null } });
  network.on('get', '/api/agents/v1/agents/totals', {
    status: 200,
    body: { total: 1, platform: [], architecture: [], risk: [] },
  });
});

const openAgent = () =>
  renderInShell(<AgentPage params={{ id: AGENT }} route="agent" />, { path: `/agents/${AGENT}` });
const requestForm = () => screen.queryByRole('button', { name: 'Ask the agent…' });

describe('who is offered agent actions', () => {
  it('a customer user without modify_all sees no action buttons, even with the labs toggle on', async () => {
    signIn(network, { permissions: [], user: CUSTOMER_USER, attributes: { lab_agent_actions: true } });
    await openAgent();
    await screen.findByRole('heading', { name: 'ACME-WS-01' });
    expect(requestForm()).toBeNull();
    await renderInShell(<AgentsPage params={{}} route="agents" />, { path: '/agents' });
    await waitFor(() => expect(document.querySelector('[data-row-index]')).toBeTruthy());
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
  });

  it('the actions stay absent until the labs toggle is on, for someone who may act', async () => {
    signIn(network, { permissions: ['modify_all'], user: CUSTOMER_USER });
    await openAgent();
    await screen.findByRole('heading', { name: 'ACME-WS-01' });
    expect(requestForm()).toBeNull();
  });

  it('with modify_all and the toggle on, the request form is there', async () => {
    signIn(network, {
      permissions: ['modify_all'],
      user: CUSTOMER_USER,
      attributes: { lab_agent_actions: true },
    });
    await openAgent();
    expect(await screen.findByRole('button', { name: 'Ask the agent…' })).toBeTruthy();
  });

  it('the palette leaves the agent commands out without the permission or the toggle', () => {
    const isolate = findCommand('agents.isolate')!;
    const target = { kind: 'agents' as const, ids: [AGENT], canChange: true, refresh() {}, focusedId: AGENT };
    const env = (permissions: string[], attributes: Record<string, unknown>) => ({
      signedIn: true,
      subject: { permissions, admin: false, attributes },
      target,
    });
    expect(availability(isolate, env([], { lab_agent_actions: true }))).toBe('hidden');
    expect(availability(isolate, env(['modify_all'], {}))).toBe('hidden');
    expect(availability(isolate, env(['modify_all'], { lab_agent_actions: true }))).toBe('available');
  });
});

describe('the agent screens', () => {
  it('show the short version, a status colour, and set an attribute from the keyboard', async () => {
    const user = userEvent.setup();
    signIn(network, { permissions: ['modify_all'], user: CUSTOMER_USER });
    network.on('put', '/api/agents/v1/agents/{agent_id}/attributes/{name}', {
      status: 200,
      body: { name: 'owner', value: 'it-ops', expires_at: null },
    });
    await openAgent();
    await screen.findByRole('heading', { name: 'ACME-WS-01' });
    expect(document.querySelector('.agent-status')?.classList.contains('agent-status--green')).toBe(true);
    await user.click(screen.getByRole('tab', { name: 'Overview' }));
    const facts = await screen.findByRole('heading', { name: 'About' });
    const about = within(facts.closest('section')!);
    expect(about.getByText('4.13.0')).toBeTruthy();
    expect(about.getByText('4.13.0-rc.2+77')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Set an attribute' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'owner');
    await user.type(within(form).getByRole('textbox', { name: 'Value' }), 'it-ops{Enter}');
    expect(await within(form).findByText('Attribute owner saved.')).toBeTruthy();
    expect(network.callsTo('put', '/api/agents/v1/agents/{agent_id}/attributes/{name}')[0]).toMatchObject({
      params: { agent_id: AGENT, name: 'owner' },
      body: { value: 'it-ops', expires_at: null },
    });
  });

  it('refuses a bad attribute name on its field, and shows the server’s refusal under the value', async () => {
    const user = userEvent.setup();
    signIn(network, { permissions: ['modify_all'], user: CUSTOMER_USER });
    network.on(
      'put',
      '/api/agents/v1/agents/{agent_id}/attributes/{name}',
      new Response(
        JSON.stringify({
          error: {
            code: 'bad_request',
            message: 'body.value: The value is not allowed here.',
            details: [{ field: 'body.value', reason: 'The value is not allowed here.' }],
          },
        }),
        { status: 400, headers: { 'content-type': 'application/json' } },
      ),
    );
    await openAgent();
    await user.click(await screen.findByRole('tab', { name: 'Overview' }));
    const form = await screen.findByRole('form', { name: 'Set an attribute' });
    const name = within(form).getByRole('textbox', { name: /Name/ });
    const value = within(form).getByRole('textbox', { name: /Value/ });
    await user.type(name, 'Owner');
    await user.type(value, 'it-ops{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByRole('alert').textContent).toContain('Names use lower-case letters');
    expect(network.callsTo('put', '/api/agents/v1/agents/{agent_id}/attributes/{name}')).toEqual([]);
    await user.clear(name);
    await user.type(name, 'owner{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(value));
    expect(value.getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByText('The value is not allowed here.')).toBeTruthy();
  });

  it('refuses an isolation shorter than a minute on its field before asking', async () => {
    const user = userEvent.setup();
    signIn(network, { permissions: ['modify_all'], attributes: { lab_agent_actions: true } });
    await openAgent();
    const length = await screen.findByRole('spinbutton', { name: /Length \(seconds\)/ });
    await user.clear(length);
    await user.type(length, '10');
    await user.click(screen.getByRole('button', { name: 'Ask the agent…' }));
    await waitFor(() => expect(document.activeElement).toBe(length));
    expect(length.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('The value is too small. It must be at least 60.')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Isolate?' })).toBeNull();
  });

  it('an action that fails says so in the spec’s words', async () => {
    const user = userEvent.setup();
    signIn(network, { permissions: ['modify_all'], attributes: { lab_agent_actions: true } });
    network.on('post', '/api/agents/v1/agents/{agent_id}/actions/{action}', apiError(500, 'Internal error'));
    await openAgent();
    await user.click(await screen.findByRole('button', { name: 'Ask the agent…' }));
    await user.click(await screen.findByRole('button', { name: 'Isolate' }));
    expect(
      await screen.findByText('There was an error performing this action. Try again later.', {
        exact: false,
      }),
    ).toBeTruthy();
  });

  it('an invalid answer from the agents call says so', async () => {
    signIn(network);
    network.on('get', '/api/agents/v1/agents/', { status: 200, body: { offset: null } as never });
    await renderInShell(<AgentsPage params={{}} route="agents" />, { path: '/agents' });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Invalid response while fetching agents',
    );
  });

  it('the selected agents’ actions, or the spec’s message when they cannot be read', async () => {
    const user = userEvent.setup();
    signIn(network);
    network.on('get', '/api/agents/v1/agents/actions', apiError(500, 'Internal error'));
    await renderInShell(<AgentsPage params={{}} route="agents" />, { path: '/agents' });
    await waitFor(() => expect(document.querySelector('[data-row-index]')).toBeTruthy());
    (document.querySelector('[data-row-index]') as HTMLElement).focus();
    await user.keyboard('x');
    expect(await screen.findByText('Unable to retrieve the actions of the selected agents.')).toBeTruthy();
    expect(network.callsTo('get', '/api/agents/v1/agents/actions')[0]!.query.getAll('ids')).toEqual([
      anAgent().agent_id,
    ]);
  });
});
