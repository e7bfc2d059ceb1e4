// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../src/api/schema.d.ts';
import { CommandLayer } from '../../src/web/commands/CommandLayer.tsx';
import { overlayStore } from '../../src/web/commands/palette-store.ts';
import { AlertDetailBody } from '../../src/web/features/alerts/detail/AlertDetailBody.tsx';
import type { Alert } from '../../src/web/features/alerts/types.ts';
import { anAlert } from '../helpers/alert-fixture.ts';
import { type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import { stubLayout } from './dom-layout.ts';
import { renderInShell } from './shell-harness.tsx';

const AGENT_ID = '00000000-0000-4000-8000-0000000a0001';
const ACTION = '/api/agents/v1/agents/{agent_id}/actions/{action}';
const ACTIVITY = '/api/alerts/v1/alerts/{id}/activity';
const LINKED: Alert['agent'] = {
  agent_id: AGENT_ID,
  host_name: 'ACME-WS-01',
  status: 'online',
  states: ['online'],
  status_code: 0,
};

stubLayout();
let network: FakeNetwork;
beforeEach(() => {
  overlayStore.close();
  network = freshNetwork({ unmatched: 'not-found' })
    .on('get', '/api/alerts/v1/alerts/{id}/detections', { status: 200, body: { detections: [] } })
    .on('get', '/api/alerts/v1/alerts/{id}/discussions', { status: 200, body: { discussions: [] } })
    .on('get', ACTIVITY, { status: 200, body: { activity: [] } })
    .on('get', '/api/cases/v1/cases/', { status: 200, body: { cases: [], search_after: null, total: 0 } });
  signIn(network, {
    permissions: ['global_user', 'read_all', 'modify_all'],
    attributes: { lab_agent_actions: true },
  });
});

async function setup(alert: Alert) {
  const user = userEvent.setup();
  const view = await renderInShell(
    <>
      <AlertDetailBody alert={alert} replace={() => undefined} reload={() => undefined} />
      <CommandLayer />
    </>,
    { path: '/alerts/42' },
  );
  return { user, ...view };
}

const fieldsCard = () => screen.getByRole('region', { name: 'Details' });

describe("an alert's agent on the alert screen", () => {
  it('is a link to the agent with its status now', async () => {
    await setup(anAlert({ agent_id: AGENT_ID, agent: LINKED }));
    const link = within(fieldsCard()).getByRole('link', { name: 'ACME-WS-01' });
    expect(link.getAttribute('href')).toBe(`/agents/${AGENT_ID}`);
    expect(link.parentElement!.textContent).toBe('ACME-WS-01 Online');
    expect(within(fieldsCard()).getByText('Online').className).toContain('agent-status--green');
  });

  it('colours the status by its code as the agents screens do: unhealthy is red', async () => {
    await setup(
      anAlert({
        agent_id: AGENT_ID,
        agent: { ...LINKED, status: 'unhealthy', states: ['unhealthy'], status_code: 2 },
      }),
    );
    expect(within(fieldsCard()).getByText('Unhealthy').className).toContain('agent-status--red');
  });

  it('says so when the alert concerns no enrolled agent', async () => {
    await setup(anAlert({ agent_id: null, agent: null }));
    expect(within(fieldsCard()).getByText(/^No enrolled agent/)).toBeTruthy();
  });
});

describe('agent commands on an open alert', () => {
  it('>isolate asks first, naming the agent, then isolates it linked to the alert', async () => {
    const action = {
      action_id: '00000000-0000-4000-8000-00000000c001',
      agent_id: AGENT_ID,
      type: 'isolate',
      status: 'queued',
      alert_id: 42,
    };
    network.on('post', ACTION, { status: 201, body: action as never });
    const { user } = await setup(anAlert({ agent_id: AGENT_ID, agent: LINKED }));
    await waitFor(() => expect(network.callsTo('get', ACTIVITY)).toHaveLength(1));
    const readsBefore = network.callsTo('get', ACTIVITY).length;
    await user.keyboard('/');
    await user.keyboard('>isolate');
    // Enter puts the command in the box with its lengths; Enter again takes the first, an hour.
    await user.keyboard('{Enter}');
    await user.keyboard('{Enter}');
    const question = await screen.findByText(/^Isolate 1 agent from the network for 1 hour\?/);
    expect(question.textContent).toBe(
      'Isolate 1 agent from the network for 1 hour? On agent ACME-WS-01, from alert #42.',
    );
    expect(network.callsTo('post', ACTION)).toHaveLength(0);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(network.callsTo('post', ACTION)).toHaveLength(1));
    const [call] = network.callsTo('post', ACTION);
    expect(call!.params).toEqual({ agent_id: AGENT_ID, action: 'isolate' });
    expect(call!.body).toEqual({ parameters: { length: 3600 }, alert_id: 42 });
    // The alert's activity is read again, so the new action shows there.
    await waitFor(() => expect(network.callsTo('get', ACTIVITY).length).toBe(readsBefore + 1));
  });

  it('are unavailable on an alert without an agent, saying why, and send nothing', async () => {
    const { user } = await setup(anAlert({ agent_id: null, agent: null }));
    await user.keyboard('/');
    await user.keyboard('>');
    const unavailable = screen.getByRole('group', { name: 'Not available here' });
    const isolate = within(unavailable).getByRole('option', { name: /Isolate from the network/ });
    expect(isolate.getAttribute('aria-disabled')).toBe('true');
    expect(isolate.textContent).toContain('This alert has no enrolled agent to act on');
    await user.keyboard('isolate{Enter}');
    expect(screen.queryByText(/^Isolate 1 agent/)).toBeNull();
    expect(network.callsTo('post', ACTION)).toHaveLength(0);
  });

  it('are not offered to staff without modify_all', async () => {
    signIn(network, { permissions: ['global_user', 'read_all'], attributes: { lab_agent_actions: true } });
    const { user } = await setup(anAlert({ agent_id: AGENT_ID, agent: LINKED }));
    await user.keyboard('/');
    await user.keyboard('>isolate');
    expect(screen.queryByRole('option', { name: /Isolate from the network/ })).toBeNull();
  });
});

describe("the alert's activity", () => {
  it('shows the action started from the alert with each step the agent reported', async () => {
    const step = (status: string, minute: number, receipt: string | null = null) => ({
      status,
      at: `2026-03-02T10:0${minute}:00.000Z`,
      receipt,
      by: null,
    });
    const entry = {
      id: 9,
      alert_id: 42,
      action: 'action_requested',
      field: null,
      before: null,
      after: { action: 'isolate' },
      comment: null,
      actor_email: 'analyst@acme.example',
      at: '2026-03-02T10:00:00.000Z',
      agent_actions: [
        {
          action_id: '00000000-0000-4000-8000-00000000c001',
          agent_id: AGENT_ID,
          type: 'isolate',
          status: 'succeeded',
          parameters: { length: 3600 },
          steps: [
            step('queued', 0),
            step('delivered', 1),
            step('running', 2),
            step('succeeded', 3, 'WS-1:s'),
          ],
          exit_code: 0,
          output: 'Network isolation on: only the console is reachable.',
          output_sha256: 'ab'.repeat(32),
          output_bytes: 52,
          output_truncated: false,
        },
      ],
    } as unknown as components['schemas']['AlertActivity'];
    network.on('get', ACTIVITY, { status: 200, body: { activity: [entry] } });
    await setup(anAlert({ agent_id: AGENT_ID, agent: LINKED }));
    const activity = screen.getByRole('region', { name: 'Activity' });
    const card = await within(activity).findByRole('article', { name: 'Isolate' });
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringMatching(/^Queued · /),
      expect.stringMatching(/^Delivered · /),
      expect.stringMatching(/^Running · /),
      expect.stringMatching(/^Succeeded · .* · receipt WS-1:s$/),
    ]);
    // The agent's output scrolls in its own region, which the keyboard can reach.
    const output = within(card).getByRole('region', { name: 'Output of Isolate' });
    expect(output.textContent).toBe('Network isolation on: only the console is reachable.');
    expect(output.tabIndex).toBe(0);
    expect(card.textContent).toContain('Exit code 0');
    expect(within(card).getByRole('link', { name: 'ACME-WS-01' }).getAttribute('href')).toBe(
      `/agents/${AGENT_ID}`,
    );
  });
});

describe('device actions from the alert screen', () => {
  it('offer endpoint actions only for an alert with an enrolled agent, and say why when it has none', async () => {
    const { user } = await setup(anAlert({ agent_id: null, agent: null, host_name: 'UNKNOWN-01' }));
    await user.click(screen.getByRole('button', { name: 'Device actions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Device and endpoint actions' });
    expect(dialog.textContent).toContain(
      'No enrolled agent: the alert names no host of this customer’s agents',
    );
    expect(within(dialog).queryByRole('button', { name: 'Isolate host' })).toBeNull();
  });

  it('isolate the enrolled agent through the alert action', async () => {
    const ALERT_ACTION = '/api/alerts/v0/alerts/{id}/action/{action}';
    network.on('post', ALERT_ACTION, {
      status: 201,
      body: {
        id: 1,
        alert_id: 42,
        action: 'isolate',
        parameters: { length: 86_400, agent_id: AGENT_ID, agent_action_id: 'x' },
        status: 'queued',
        created_at: '2026-01-01T00:00:00.000Z',
      },
    });
    const { user } = await setup(anAlert({ agent_id: AGENT_ID, agent: LINKED }));
    await user.click(screen.getByRole('button', { name: 'Device actions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Device and endpoint actions' });
    await user.click(within(dialog).getByRole('button', { name: 'Isolate host' }));
    const confirm = await screen.findByRole('dialog', { name: 'Isolate host?' });
    expect(confirm.textContent).toContain('ACME-WS-01 will be cut off from the network for 24 hours');
    await user.click(within(confirm).getByRole('button', { name: 'Isolate host' }));
    await waitFor(() => expect(network.callsTo('post', ALERT_ACTION)).toHaveLength(1));
    const [call] = network.callsTo('post', ALERT_ACTION);
    expect(call!.body).toEqual({ length: 86_400 });
  });
});
