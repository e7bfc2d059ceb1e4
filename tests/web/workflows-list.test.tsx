// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { WorkflowDetails } from '../../src/web/features/workflows/api.ts';
import { WorkflowListPage } from '../../src/web/features/workflows/WorkflowListPage.tsx';
import { apiError, type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import { ACME, GLOBEX } from './cases-fakes.ts';
import { withKeyDispatcher } from './keyboard-harness.ts';
import { customer, renderInShell } from './shell-harness.tsx';

withKeyDispatcher();

const DETAILS = '/api/soar/v1/workflows/details';

const workflow = (over: Partial<WorkflowDetails>): WorkflowDetails => ({
  workflow_id: '11111111-1111-4111-8111-111111111111',
  name: 'Isolate on critical malware',
  customer_id: [ACME],
  global: false,
  draft: false,
  state: 'published',
  trigger_id: 'alert_created',
  trigger_filter: {},
  task_list: [],
  order_list: [],
  scheduled: false,
  scheduled_time: '09:00',
  scheduled_days: [0, 1, 2, 3, 4],
  template_id: null,
  published_version: 1,
  content_hash: 'a'.repeat(64),
  version: 2,
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: '2026-11-01T09:00:00.000Z',
  last_run: null,
  ...over,
});

let network: FakeNetwork;

function renderPage() {
  const data = {
    customers: [customer('Acme Corp', ACME), customer('Globex', GLOBEX)],
    loaded: { customers: true, contacts: true, agents: true },
  };
  return renderInShell(<WorkflowListPage params={{}} route="workflows" />, { path: '/workflows', data });
}

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('gridcell')
    .map((c) => c.textContent);

beforeEach(() => {
  network = freshNetwork({ unmatched: 'not-found' });
  network.on('get', DETAILS, () => ({
    status: 200 as const,
    body: {
      workflow_details: [
        workflow({
          last_run: {
            run_id: '22222222-2222-4222-8222-222222222222',
            status: 'failed',
            created_at: '2026-11-02T10:00:00.000Z',
            finished_at: '2026-11-02T10:00:01.000Z',
          },
          draft: true,
        }),
        workflow({
          workflow_id: '33333333-3333-4333-8333-333333333333',
          name: '',
          customer_id: [],
          global: true,
          state: 'draft',
          draft: true,
          trigger_id: 'scheduled',
          published_version: null,
          content_hash: null,
        }),
      ],
    },
  }));
});

describe('the workflows list', () => {
  it('shows each workflow’s trigger, customers, state and last run, and sorts from the keyboard', async () => {
    signIn(network);
    const user = userEvent.setup();
    renderPage();
    const grid = await screen.findByRole('grid', { name: 'Workflows' });
    await within(grid).findByText('Isolate on critical malware');
    const rows = within(grid).getAllByRole('row').slice(1);
    expect(cellsOf(rows[0]!).slice(0, 4)).toEqual([
      'Isolate on critical malware',
      'Alert created',
      'Acme Corp',
      'Published, with unpublished changes',
    ]);
    expect(cellsOf(rows[0]!)[4]).toMatch(/^Failed · /);
    expect(cellsOf(rows[1]!)).toEqual(['Untitled', 'Scheduled', 'All customers', 'Draft', 'Never run']);
    expect(screen.getByText('2 workflows')).toBeTruthy();

    // The name column's header sorts by name, then the other way round: "Untitled" comes first.
    const header = within(grid).getByRole('columnheader', { name: /Name/ });
    within(header).getByRole('button').focus();
    await user.keyboard('{Enter}');
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    await user.keyboard('{Enter}');
    expect(header.getAttribute('aria-sort')).toBe('descending');
    const sorted = within(grid).getAllByRole('row').slice(1);
    expect(sorted.map((row) => cellsOf(row)[0])).toEqual(['Untitled', 'Isolate on critical malware']);
  });

  it('says when nothing could be loaded, and tries again', async () => {
    signIn(network);
    let calls = 0;
    network.on('get', DETAILS, () =>
      ++calls === 1
        ? apiError(500, 'Database unavailable')
        : { status: 200 as const, body: { workflow_details: [] } },
    );
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('Unable to fetch workflows')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No workflows yet.')).toBeTruthy();
  });
});
