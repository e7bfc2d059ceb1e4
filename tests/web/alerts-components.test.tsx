// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BulkTargets } from '../../machines/bulk-triage/bulk-triage.context.ts';
import { allowedTargets } from '../../src/common/transitions.ts';
import { ListScreen, useList, useListControls, usePageRows } from '../../src/web/components/list/index.ts';
import { BulkUpdateDialog } from '../../src/web/features/alerts/list/BulkUpdateDialog.tsx';
import { COLUMN_KEYS } from '../../src/web/features/alerts/list/columns.ts';
import { useAlertColumns } from '../../src/web/features/alerts/list/use-alert-columns.tsx';
import { useAlertDetails } from '../../src/web/features/alerts/list/use-alert-details.ts';
import { useAlertsTable } from '../../src/web/features/alerts/list/use-alerts-table.ts';
import { useBulkTriage } from '../../src/web/features/alerts/list/use-bulk-triage.ts';
import type { AlertSummary } from '../../src/web/features/alerts/types.ts';
import { ToastArea } from '../../src/web/shell/toasts/ToastArea.tsx';
import { apiError, type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import { alert } from './alerts-fixtures.ts';
import { renderInShell } from './shell-harness.tsx';

let network: FakeNetwork;
beforeEach(() => {
  network = freshNetwork({ unmatched: 'not-found' });
  signIn(network, { permissions: ['global_user', 'read_all'] });
});

beforeAll(() => {
  // The test DOM has no layout: react-window measures its viewport with ResizeObserver.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

const FILTERS = { keyword: '', statuses: [], priorities: [], caseFilter: 'all' as const };
const name = (id: string) => id;

const SHOWN = COLUMN_KEYS.filter((c) => c === 'id' || c === 'title' || c === 'priority');
const READY = { status: 'ready' as const, error: null, reload: () => undefined };

/** The alert list's rows as AlertsPage draws them: its columns, sort and details on the list kit. */
function Table({ rows }: { rows: AlertSummary[] }) {
  const controls = useListControls();
  const table = useAlertsTable(rows, FILTERS, name, controls.sort);
  const { pageRows, total } = usePageRows(table.filtered, controls);
  const columns = useAlertColumns(SHOWN, name);
  const list = useList({ rows: pageRows, rowId: (a) => a.id, details: useAlertDetails() });
  return (
    <ListScreen
      title="Alerts"
      label="Alerts"
      columns={columns}
      rows={pageRows}
      list={list}
      controls={controls}
      paging={{ kind: 'numbered', total }}
      load={READY}
      refresh={false}
      labels={{
        empty: 'No alerts for the selected customers and dates.',
        loadFailed: 'Failed',
        retry: 'Retry',
      }}
      rowData={(a) => ({ 'alert-id': String(a.id) })}
      rowName={(a) => `#${a.id}`}
    />
  );
}

const ROWS = [
  alert({ id: 2, title: 'B '.repeat(40), priority: 'low' }),
  alert({ id: 3, title: 'Short title', priority: 'critical' }),
  alert({ id: 1, title: 'A'.repeat(50), priority: 'medium' }),
];

const shownIds = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => Number(row.getAttribute('data-alert-id')));

describe('alert list table', () => {
  it('truncates titles at 50 characters and keeps the full title in the title attribute', async () => {
    await renderInShell(<Table rows={ROWS} />);
    const long = screen.getByRole('link', { name: /^B B/ });
    expect(long.textContent).toHaveLength(50);
    expect(long.textContent?.endsWith('…')).toBe(true);
    expect(long.getAttribute('title')).toBe('B '.repeat(40));
    expect(screen.getByRole('link', { name: 'A'.repeat(50) }).textContent).toBe('A'.repeat(50));
  });

  it('cycles a header ascending → descending → unsorted, by click or by Enter', async () => {
    const user = userEvent.setup();
    await renderInShell(<Table rows={ROWS} />);
    const header = screen.getByRole('columnheader', { name: 'ID' });
    expect(header.getAttribute('aria-sort')).toBe('none');
    expect(shownIds()).toEqual([2, 3, 1]);

    await user.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    expect(shownIds()).toEqual([1, 2, 3]);

    within(header).getByRole('button').focus();
    await user.keyboard('{Enter}');
    expect(header.getAttribute('aria-sort')).toBe('descending');
    expect(shownIds()).toEqual([3, 2, 1]);

    await user.keyboard('{Enter}');
    expect(header.getAttribute('aria-sort')).toBe('none');
    expect(shownIds()).toEqual([2, 3, 1]);

    // Priority sorts by rank, not alphabetically.
    await user.click(within(screen.getByRole('columnheader', { name: 'Priority' })).getByRole('button'));
    expect(shownIds()).toEqual([2, 1, 3]);
  });

  it('opens and closes a row’s details in place, and the row grows to hold them', async () => {
    const user = userEvent.setup();
    await renderInShell(<Table rows={[alert({ id: 3, host_name: 'web-01', type: 'edr' })]} />);
    const row = screen.getAllByRole('row')[1]!;
    // The row's toggle says whether its details are open (a grid row itself may not: axe).
    expect(row.hasAttribute('aria-expanded')).toBe(false);
    const toggle = within(row).getByRole('button', { name: 'Show details of #3' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const height = row.style.height;
    await user.click(toggle);
    expect(
      within(row).getByRole('button', { name: 'Hide details of #3' }).getAttribute('aria-expanded'),
    ).toBe('true');
    const details = within(row).getByRole('gridcell', { name: 'Details' });
    expect(details.textContent).toContain('Host name');
    expect(details.textContent).toContain('web-01');
    expect(row.style.height).not.toBe(height);
    await user.click(screen.getByRole('button', { name: 'Hide details of #3' }));
    expect(within(row).queryByRole('gridcell', { name: 'Details' })).toBeNull();
    expect(row.style.height).toBe(height);
  });

  it('says when no alert matches', async () => {
    await renderInShell(<Table rows={[]} />);
    expect(screen.getByText('No alerts for the selected customers and dates.')).toBeTruthy();
  });
});

function Bulk({ targets }: { targets: BulkTargets }) {
  const bulk = useBulkTriage(() => undefined);
  const { send } = bulk;
  useEffect(() => {
    send({ type: 'open', targets });
  }, [send, targets]);
  return bulk.snapshot.matches('Idle') ? null : <BulkUpdateDialog bulk={bulk} />;
}

const statusOptions = () =>
  within(screen.getByRole('dialog')).getByLabelText('Status').querySelectorAll('option');

describe('bulk update dialog', () => {
  it('offers only the statuses every selected alert may move to', async () => {
    const targets: BulkTargets = {
      mode: 'ids',
      ids: [1, 2],
      versions: { 1: 1, 2: 1 },
      statuses: ['new', 'escalated'],
    };
    await renderInShell(<Bulk targets={targets} />);
    expect(screen.getByRole('dialog', { name: 'Update 2 alerts' })).toBeTruthy();
    const offered = [...statusOptions()].map((o) => o.value).filter(Boolean);
    const expected = (allowedTargets('new') as string[]).filter((s) =>
      (allowedTargets('escalated') as string[]).includes(s),
    );
    expect(offered).toEqual(expected);
    expect(offered).not.toContain('escalated');
    expect(offered).not.toContain('new');
    expect(offered).toContain('false_positive');
  });

  it('offers no status change when the selected alerts share no transition', async () => {
    const targets: BulkTargets = { mode: 'ids', ids: [1, 2], versions: {}, statuses: ['closed', 'new'] };
    await renderInShell(<Bulk targets={targets} />);
    expect([...statusOptions()].map((o) => o.value)).toEqual(['']);
    expect(screen.getByText('No status change is allowed for every selected alert.')).toBeTruthy();
  });

  it('reviews the change before running it', async () => {
    const user = userEvent.setup();
    const targets: BulkTargets = { mode: 'ids', ids: [1, 2, 3], versions: {}, statuses: ['open'] };
    await renderInShell(<Bulk targets={targets} />);
    await user.selectOptions(screen.getByLabelText('Status'), 'false_positive');
    await user.type(screen.getByLabelText('Comment'), 'scanner noise');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    const dialog = screen.getByRole('dialog', { name: 'Change 3 alerts?' });
    expect(within(dialog).getByText('Status becomes False Positive')).toBeTruthy();
    expect(within(dialog).getByText('A comment is added to each')).toBeTruthy();
  });
});

describe('update all (by filter)', () => {
  const AS_OF = '2026-11-25T10:00:00.123456Z';
  const allMatching: BulkTargets = {
    mode: 'filter',
    filter: { statuses: ['open'] },
    count: 3,
    asOf: AS_OF,
    statuses: ['open'],
  };

  async function updatePriority(user: ReturnType<typeof userEvent.setup>) {
    await user.selectOptions(screen.getByLabelText('Priority'), 'high');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    await user.click(screen.getByRole('button', { name: 'Update 3 alerts' }));
  }

  it("sends the list's as-of moment and shows the alerts skipped as created or changed after it", async () => {
    network.on('put', '/api/alerts/v1/alerts/', {
      status: 200,
      body: {
        updated: [
          { id: 1, version: 2 },
          { id: 2, version: 4 },
        ],
        failed: [
          {
            id: 9,
            code: 'conflict',
            message: 'Alert 9 was created or changed after the list was read. Reload it and try again.',
          },
        ],
      },
    });
    const user = userEvent.setup();
    await renderInShell(<Bulk targets={allMatching} />);
    await updatePriority(user);
    expect(await screen.findByText('2 updated, 1 skipped')).toBeTruthy();
    expect(
      screen.getByText('#9 created or changed after the list was loaded, so it was left alone'),
    ).toBeTruthy();
    const [request] = network.callsTo('put', '/api/alerts/v1/alerts/');
    expect(request!.body).toMatchObject({
      filter: { statuses: ['open'] },
      as_of: AS_OF,
      fields: { priority: 'high' },
    });
  });

  it("a failed update raises 'Unable to update alert(s)', then 'Please try again later.'", async () => {
    network.on('put', '/api/alerts/v1/alerts/', apiError(500, 'Database down'));
    const user = userEvent.setup();
    await renderInShell(
      <>
        <Bulk targets={allMatching} />
        <ToastArea />
      </>,
    );
    await updatePriority(user);
    const notifications = screen.getByRole('region', { name: 'Notifications' });
    const toast = await within(notifications).findByRole('alert');
    expect(toast.textContent).toBe('Unable to update alert(s)Please try again later.');
  });
});
