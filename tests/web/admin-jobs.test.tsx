// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';

import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../src/api/schema.d.ts';
import { JobsPanel } from '../../src/web/admin/JobsPanel.tsx';
import { type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import '../../src/web/i18n/index.ts';
import { SessionProvider } from '../../src/web/session/SessionProvider.tsx';
import { currentUser } from './session-fakes.ts';

type Job = components['schemas']['Job'];
let network: FakeNetwork;

const job = (id: number, kind: string, state: Job['state'], lastError: string | null = null): Job => ({
  id,
  kind,
  state,
  attempts: state === 'failed' ? 5 : 1,
  run_at: '2026-05-01T08:30:00Z',
  locked_at: state === 'running' ? '2026-05-01T08:30:00Z' : null,
  last_error: lastError,
  done_at: state === 'done' ? '2026-05-01T08:31:00Z' : null,
  failed_at: state === 'failed' ? '2026-05-01T08:31:00Z' : null,
  progress: null,
});

let jobs: Job[];
/** The panel inside a signed-in administrator's session (timestamps follow their preferences). */
function renderJobs() {
  render(
    <SessionProvider>
      <JobsPanel />
    </SessionProvider>,
  );
}

beforeEach(() => {
  network = freshNetwork({ unmatched: 'not-found' });
  localStorage.clear();
  localStorage.setItem('watchfloor.session', JSON.stringify({ token: { access_token: 'tok-admin' } }));
  network.on('get', '/api/user/', { status: 200, body: currentUser({ admin: true }) });
  network.on('get', '/api/support/v1/meta/tasks', { status: 200, body: { tasks: [] } });
  jobs = [
    job(3, 'fetch-threat-feeds', 'failed', 'feed answered 503\n    at fetch'),
    job(2, 'deliver-mail', 'queued'),
  ];
  network.on('get', '/api/admin/v1/jobs', ({ query }) => ({
    status: 200 as const,
    body: {
      jobs: jobs.filter((j) => !query.get('state') || j.state === query.get('state')),
      search_after: null,
    },
  }));
});
afterEach(cleanup);

describe('the background jobs tab', () => {
  it('shows each job’s state and the first line of a failure', async () => {
    renderJobs();
    const failed = await screen.findByRole('row', { name: /fetch-threat-feeds/ });
    expect(within(failed).getByText('Failed')).toBeTruthy();
    expect(within(failed).getByText('feed answered 503')).toBeTruthy();
    const queued = screen.getByRole('row', { name: /deliver-mail/ });
    expect(within(queued).queryByRole('button', { name: /Retry/ })).toBeNull();
  });

  it('asks before retrying a failed job, and retries only when confirmed', async () => {
    const user = userEvent.setup();
    network.on('post', '/api/admin/v1/jobs/{id}/retry', () => {
      jobs = [job(3, 'fetch-threat-feeds', 'queued'), jobs[1]!];
      return { status: 200 as const, body: jobs[0]! };
    });
    renderJobs();
    await user.click(await screen.findByRole('button', { name: 'Retry fetch-threat-feeds #3' }));
    const dialog = screen.getByRole('dialog', { name: 'Retry this job?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(network.callsTo('post', '/api/admin/v1/jobs/{id}/retry')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Retry fetch-threat-feeds #3' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Retry this job?' })).getByRole('button', { name: 'Retry' }),
    );
    await screen.findByText('fetch-threat-feeds is queued again.');
    expect(network.callsTo('post', '/api/admin/v1/jobs/{id}/retry').map((c) => c.params.id)).toEqual(['3']);
    await waitFor(() =>
      expect(
        within(screen.getByRole('row', { name: /fetch-threat-feeds/ })).getByText('Queued'),
      ).toBeTruthy(),
    );
  });

  it('says when a retry is refused', async () => {
    const user = userEvent.setup();
    network.on('post', '/api/admin/v1/jobs/{id}/retry', {
      status: 409,
      body: { error: { code: 'conflict', message: 'Only a failed job can be retried.' } },
    });
    renderJobs();
    await user.click(await screen.findByRole('button', { name: 'Retry fetch-threat-feeds #3' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Retry this job?' })).getByRole('button', { name: 'Retry' }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'fetch-threat-feeds could not be retried: Only a failed job can be retried.',
    );
  });

  it('asks before rebuilding the dashboard figures, then follows the rebuild to the end, by keyboard', async () => {
    const user = userEvent.setup();
    const rebuild = { ...job(9, 'rebuild-dashboard-rollups', 'queued'), attempts: 0 };
    const reads = [
      { ...rebuild, state: 'running' as const, progress: { done: 1, total: 2 } },
      { ...rebuild, state: 'done' as const, progress: { done: 2, total: 2 } },
    ];
    network.on('post', '/api/admin/v1/jobs/rebuild-dashboard-rollups', { status: 202, body: rebuild });
    network.on('get', '/api/admin/v1/jobs/{id}', () => ({
      status: 200 as const,
      body: reads.shift() ?? rebuild,
    }));
    renderJobs();
    const button = await screen.findByRole('button', { name: 'Rebuild dashboard figures' });
    button.focus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Rebuild the dashboard figures?' });
    expect(within(dialog).getByRole('combobox', { name: 'Customer' })).toBeTruthy();
    // The safe answer has focus: Enter cancels.
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(network.callsTo('post', '/api/admin/v1/jobs/rebuild-dashboard-rollups')).toHaveLength(0);

    screen.getByRole('button', { name: 'Rebuild dashboard figures' }).focus();
    await user.keyboard('{Enter}');
    within(screen.getByRole('dialog', { name: 'Rebuild the dashboard figures?' }))
      .getByRole('button', { name: 'Rebuild' })
      .focus();
    await user.keyboard('{Enter}');
    const calls = network.callsTo('post', '/api/admin/v1/jobs/rebuild-dashboard-rollups');
    expect(calls.map((c) => c.body)).toEqual([{}]);
    await screen.findByText(
      'Rebuilding the dashboard figures: 1 of 2 customers done.',
      {},
      { timeout: 4000 },
    );
    await screen.findByText(
      'The dashboard figures are rebuilt. Customers rebuilt: 2.',
      {},
      { timeout: 4000 },
    );
  });
});
