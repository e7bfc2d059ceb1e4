// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { AlertWorkflowRuns } from '../../src/web/features/workflows/AlertWorkflowRuns.tsx';
import type { WorkflowRun } from '../../src/web/features/workflows/api.ts';
import { ToastArea } from '../../src/web/shell/toasts/ToastArea.tsx';
import { apiError, type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import { withKeyDispatcher } from './keyboard-harness.ts';
import { renderInShell } from './shell-harness.tsx';
import { workflowRun } from './workflows-fakes.ts';

withKeyDispatcher();

const RUNS = '/api/soar/v1/alerts/{alert_id}/runs';
const RUN = '/api/soar/v1/runs/{run_id}';
const RERUN = '/api/soar/v1/runs/{run_id}/rerun';
const CANCEL = '/api/soar/v1/runs/{run_id}/cancel';
const FAILED = workflowRun();
const RUNNING = workflowRun({
  run_id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
  workflow_name: null,
  version: 1,
  status: 'running',
  error: null,
  created_at: '2026-11-29T11:00:00.000Z',
  started_at: '2026-11-29T11:00:00.000Z',
  finished_at: null,
});

/** The failed run with its steps: a comment that succeeded, an isolate that failed twice. */
const withSteps = (run: WorkflowRun): WorkflowRun => ({
  ...run,
  steps: [
    {
      index: 0,
      task_id: 'note',
      action_id: 'alert_comment',
      status: 'succeeded',
      input: { message: 'Isolating ACME-WS-01' },
      output: { comment_id: 7 },
      error: null,
      attempts: 1,
      started_at: '2026-11-29T10:00:00.000Z',
      finished_at: '2026-11-29T10:00:01.000Z',
    },
    {
      index: 1,
      task_id: 'isolate',
      action_id: 'agent_action',
      status: 'failed',
      input: { action: 'isolate', duration: 3600 },
      output: null,
      error: 'the agent is offline',
      attempts: 2,
      started_at: '2026-11-29T10:00:01.000Z',
      finished_at: '2026-11-29T10:01:05.000Z',
    },
  ],
});

let network: FakeNetwork;

beforeEach(() => {
  network = freshNetwork({ unmatched: 'not-found' })
    .on('get', RUNS, { status: 200, body: { runs: [RUNNING, FAILED] } })
    .on('get', RUN, ({ params }) => ({
      status: 200 as const,
      body: withSteps(params.run_id === RUNNING.run_id ? RUNNING : FAILED),
    }));
});

async function renderRuns() {
  const user = userEvent.setup();
  await renderInShell(
    <>
      <AlertWorkflowRuns alertId={42} />
      <ToastArea />
    </>,
    { path: '/alerts/42' },
  );
  return user;
}

const section = () => screen.getByRole('region', { name: 'Workflow runs' });

describe("the alert screen's workflow runs", () => {
  it('lists the runs with workflow, version, state and duration; the keyboard opens one to its steps and runs it again from a step', async () => {
    signIn(network);
    network.on('post', RERUN, ({ params }) => ({
      status: 201 as const,
      body: workflowRun({
        run_id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
        rerun_of: params.run_id,
        status: 'queued',
      }),
    }));
    const user = await renderRuns();
    const rows = await within(section()).findAllByRole('row');
    expect(
      rows.slice(1).map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      [
        'Workflow not available, version 1',
        expect.any(String),
        'Running',
        expect.stringMatching(/\d/),
        'Steps',
      ],
      ['Isolate on critical malware, version 2', expect.any(String), 'Failed', '1 min 5 s', 'Steps'],
    ]);
    expect(network.callsTo('get', RUNS)[0]!.params).toEqual({ alert_id: '42' });

    // Tab to the failed run's button and open it: the steps take the focus.
    const open = screen.getByRole('button', { name: 'Steps of Isolate on critical malware, version 2' });
    while (document.activeElement !== open) await user.tab();
    await user.keyboard('{Enter}');
    const detail = await screen.findByRole('region', { name: "The run's steps" });
    await waitFor(() => expect(document.activeElement).toBe(detail));
    expect(open.getAttribute('aria-expanded')).toBe('true');
    const steps = within(detail).getAllByRole('listitem');
    expect(steps[0]!.textContent).toContain('1. note');
    expect(steps[1]!.textContent).toMatch(/2\. isolate.*Failed.*2 attempts/);
    expect(within(steps[1]!).getByText('the agent is offline')).toBeTruthy();
    expect(steps[1]!.textContent).toContain('"duration": 3600');

    // Run it again from the failed step: the isolate, keeping the comment's output.
    await user.selectOptions(within(detail).getByLabelText('Run again from step'), '1');
    await user.click(within(detail).getByRole('button', { name: 'Run again' }));
    await waitFor(() => expect(network.callsTo('post', RERUN)).toHaveLength(1));
    expect(network.callsTo('post', RERUN)[0]).toMatchObject({
      params: { run_id: FAILED.run_id },
      body: { from_step: 1 },
    });
    expect(await screen.findByText('Run queued again')).toBeTruthy();
    expect(within(detail).queryByRole('button', { name: 'Cancel run' })).toBeNull();
  });

  it('cancels a run still under way', async () => {
    signIn(network);
    network.on('post', CANCEL, { status: 200, body: { ...RUNNING, status: 'cancelled' } });
    const user = await renderRuns();
    await user.click(
      await screen.findByRole('button', { name: 'Steps of Workflow not available, version 1' }),
    );
    const detail = await screen.findByRole('region', { name: "The run's steps" });
    await user.click(within(detail).getByRole('button', { name: 'Cancel run' }));
    await waitFor(() => expect(network.callsTo('post', CANCEL)).toHaveLength(1));
    expect(network.callsTo('post', CANCEL)[0]!.params).toEqual({ run_id: RUNNING.run_id });
    expect(await screen.findByText('Run cancelled')).toBeTruthy();
  });

  it('shows the steps but no cancel or re-run to staff who read workflows and change none', async () => {
    signIn(network, { permissions: ['global_user', 'read_workflow'] });
    const user = await renderRuns();
    await user.click(
      await screen.findByRole('button', { name: 'Steps of Workflow not available, version 1' }),
    );
    const detail = await screen.findByRole('region', { name: "The run's steps" });
    expect(within(detail).getAllByRole('listitem')).toHaveLength(2);
    expect(within(detail).queryByRole('button')).toBeNull();
  });

  it('says when the alert started no run', async () => {
    signIn(network);
    network.on('get', RUNS, { status: 200, body: { runs: [] } });
    await renderRuns();
    expect(await within(section()).findByText('No workflow has run for this alert.')).toBeTruthy();
  });

  it('says when the runs could not be fetched, and fetches them again when asked', async () => {
    signIn(network);
    network.on('get', RUNS, apiError(500, 'Database unavailable'));
    const user = await renderRuns();
    expect(await within(section()).findByText('Unable to fetch runs')).toBeTruthy();
    network.on('get', RUNS, { status: 200, body: { runs: [FAILED] } });
    await user.click(within(section()).getByRole('button', { name: 'Try again' }));
    expect(await within(section()).findByText('Isolate on critical malware, version 2')).toBeTruthy();
  });

  it('tells users who may not read workflows so, and asks the API nothing', async () => {
    signIn(network, { permissions: ['read_all'] });
    await renderRuns();
    expect(within(section()).getByText('You do not have permission to see workflow runs.')).toBeTruthy();
    expect(network.callsTo('get', RUNS)).toHaveLength(0);
  });
});
