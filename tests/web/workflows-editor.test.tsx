// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { WorkflowRecord } from '../../src/web/features/workflows/api.ts';
import { WorkflowEditorPage } from '../../src/web/features/workflows/WorkflowEditorPage.tsx';
import { ToastArea } from '../../src/web/shell/toasts/ToastArea.tsx';
import { apiError, type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import { ACME, GLOBEX } from './cases-fakes.ts';
import { withKeyDispatcher } from './keyboard-harness.ts';
import { customer, renderInShell } from './shell-harness.tsx';
import { commentDefinition, withCatalogue } from './workflows-fakes.ts';

withKeyDispatcher();

const ID = '11111111-1111-4111-8111-111111111111';
const WORKFLOW = '/api/soar/v1/workflows/{id}';
const SAVE = '/api/soar/v1/workflows';

/** A draft on new alerts with one step: a comment naming the host. */
const record = (over: Partial<WorkflowRecord> = {}): WorkflowRecord => ({
  workflow_id: ID,
  name: 'Isolate on critical malware',
  customer_id: [ACME],
  global: false,
  draft: true,
  state: 'draft',
  ...commentDefinition(),
  trigger_filter: { types: ['malware'] },
  template_id: null,
  published_version: null,
  content_hash: null,
  version: 3,
  ...over,
});

let network: FakeNetwork;

beforeEach(() => {
  network = withCatalogue(freshNetwork({ unmatched: 'not-found' })).on('get', WORKFLOW, () => ({
    status: 200 as const,
    body: record(),
  }));
  signIn(network, { attributes: { lab_workflows: true } });
});

async function renderEditor() {
  const user = userEvent.setup();
  const view = await renderInShell(
    <>
      <WorkflowEditorPage params={{ uid: ID }} route="edit_workflow" />
      <ToastArea />
    </>,
    {
      path: `/workflows/${ID}`,
      data: {
        customers: [customer('Acme Corp', ACME), customer('Globex', GLOBEX)],
        loaded: { customers: true, contacts: true, agents: true },
      },
    },
  );
  await screen.findByRole('heading', { level: 1, name: 'Isolate on critical malware' });
  return { user, ...view };
}

const steps = () =>
  within(screen.getByRole('region', { name: 'Steps' }))
    .queryAllByRole('listitem')
    .map((li) => li.getAttribute('aria-label'));

describe('the workflow editor', () => {
  it('adds a step, focusing its first field, and moves and removes steps by their buttons', async () => {
    const { user } = await renderEditor();
    expect(steps()).toEqual(['Step 1: Comment on alert']);

    await user.selectOptions(screen.getByLabelText('Action of the new step'), 'wait');
    await user.click(screen.getByRole('button', { name: 'Add step' }));
    expect(steps()).toEqual(['Step 1: Comment on alert', 'Step 2: Wait']);
    const minutes = within(screen.getByRole('listitem', { name: 'Step 2: Wait' })).getByRole('textbox');
    await waitFor(() => expect(document.activeElement).toBe(minutes));

    // Up on the new step: it goes first and its Up button keeps the focus (now at the top: disabled).
    await user.click(screen.getByRole('button', { name: 'Move Step 2: Wait up' }));
    expect(steps()).toEqual(['Step 1: Wait', 'Step 2: Comment on alert']);
    expect(screen.getByRole('button', { name: 'Move Step 1: Wait up' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Move Step 1: Wait down' }));
    expect(steps()).toEqual(['Step 1: Comment on alert', 'Step 2: Wait']);

    await user.click(screen.getByRole('button', { name: 'Remove Step 1: Comment on alert' }));
    expect(steps()).toEqual(['Step 1: Wait']);
  });

  it('shows what is wrong with a step when saving, sends nothing until it is right, then saves the steps in their order', async () => {
    network.on('put', SAVE, ({ body }) => ({
      status: 200 as const,
      body: record({ ...body, customer_id: body.customer_id as string[], version: 4 }),
    }));
    const { user } = await renderEditor();
    await user.selectOptions(screen.getByLabelText('Action of the new step'), 'wait');
    await user.click(screen.getByRole('button', { name: 'Add step' }));
    const wait = screen.getByRole('listitem', { name: 'Step 2: Wait' });
    const minutes = within(wait).getByRole('textbox');
    await user.type(minutes, '0');

    await user.keyboard('{Control>}s{/Control}');
    const problem = await within(wait).findByText(/at least 1/i);
    expect(minutes.getAttribute('aria-invalid')).toBe('true');
    expect(minutes.getAttribute('aria-describedby')).toContain(problem.id);
    expect(network.callsTo('put', SAVE)).toHaveLength(0);

    // The message follows the typing; right, it goes.
    await user.clear(minutes);
    await user.type(minutes, '15');
    await waitFor(() => expect(within(wait).queryByText(/at least 1/i)).toBeNull());
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(network.callsTo('put', SAVE)).toHaveLength(1));
    const sent = network.callsTo('put', SAVE)[0]!.body;
    const tasks = sent.task_list ?? [];
    expect(sent).toMatchObject({
      workflow_id: ID,
      version: 3,
      name: 'Isolate on critical malware',
      customer_id: [ACME],
      trigger_id: 'alert_created',
      order_list: ['comment', tasks[1]?.id],
    });
    expect(tasks.map((t) => t.action_id)).toEqual(['alert_comment', 'wait']);
    expect(tasks[1]?.parameters).toEqual({ minutes: 15 });
    expect(await screen.findByText('Draft saved')).toBeTruthy();
  });

  it('keeps the edits and says so when someone else changed the workflow (409)', async () => {
    network.on('put', SAVE, () => apiError(409, 'Workflow changed since it was read.'));
    const { user } = await renderEditor();
    const name = screen.getByLabelText(/^Name/);
    await user.type(name, ' now');
    await user.keyboard('{Control>}s{/Control}');
    expect(await screen.findByText(/changed by someone else since you opened it/)).toBeTruthy();
    expect((name as HTMLInputElement).value).toBe('Isolate on critical malware now');
  });

  it('will not publish a workflow without steps: it says so and sends nothing', async () => {
    const { user } = await renderEditor();
    await user.click(screen.getByRole('button', { name: 'Remove Step 1: Comment on alert' }));
    expect(screen.getByText('No steps yet. A workflow without steps can only be a draft.')).toBeTruthy();
    expect(screen.queryByText(/needs at least one step/)).toBeNull();
    screen.getByLabelText(/^Name/).focus();
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByText(/A workflow needs at least one step to be published\./)).toBeTruthy();
    expect(network.callsTo('put', SAVE)).toHaveLength(0);
    expect(network.callsTo('post', '/api/soar/v1/workflows/{id}/publish')).toHaveLength(0);
  });
});
