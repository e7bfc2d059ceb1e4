// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Report, ReportData } from '../../src/web/features/reports/api.ts';
import { ReportBuilderPage } from '../../src/web/features/reports/ReportBuilderPage.tsx';
import { type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import { ACME, GLOBEX } from './cases-fakes.ts';
import { withKeyDispatcher } from './keyboard-harness.ts';
import { reportRecord } from './reports-fakes.ts';
import { customer, renderInShell } from './shell-harness.tsx';

withKeyDispatcher();
const REPORT_PATH = '/api/ngreports/v0/reports/{id}';
const REPORT = reportRecord({
  document: {
    components: [
      { type: 'header', text: 'Quarterly review' },
      { type: 'section', section: 'kpis' },
    ],
  },
});

let network: FakeNetwork;
let current: Report;

function renderBuilder() {
  const data = {
    customers: [customer('Acme Corp', ACME), customer('Globex', GLOBEX)],
    loaded: { customers: true, contacts: true, agents: true },
  };
  return renderInShell(<ReportBuilderPage params={{ id: REPORT.id }} route="report_builder" />, {
    path: `/reports/${REPORT.id}`,
    data,
  });
}

beforeEach(() => {
  current = REPORT;
  network = freshNetwork({ unmatched: 'not-found' });
  signIn(network, { permissions: ['global_user', 'read_all', 'modify_all'] });
  network.on('get', REPORT_PATH, () => ({ status: 200 as const, body: current }));
  network.on('get', '/api/ngreports/v0/schedule/', { status: 200, body: { tasks: [] } });
  network.on('get', '/api/ngreports/v0/runs/', { status: 200, body: { runs: [] } });
  network.on('get', '/api/search/v1/saved/', { status: 200, body: { saved: [] } });
});

describe('the report builder', () => {
  it('moves a part with Alt+↑ and saves the document on the version it opened', async () => {
    const user = userEvent.setup();
    renderBuilder();
    const part = await screen.findByRole('listitem', { name: 'Part 2 of 2: Key figures' });
    part.focus();
    fireEvent.keyDown(part, { key: 'ArrowUp', altKey: true });
    await waitFor(() =>
      expect(screen.getByRole('listitem', { name: 'Part 1 of 2: Key figures' })).toBe(document.activeElement),
    );
    network.on('put', REPORT_PATH, (call) => ({
      status: 200 as const,
      body: { ...current, ...(call.body as object), version: 5 },
    }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(network.callsTo('put', REPORT_PATH)).toHaveLength(1));
    const sent = network.callsTo('put', REPORT_PATH)[0]!.body as {
      version: number;
      document: Report['document'];
    };
    expect(sent.version).toBe(4);
    expect(sent.document.components.map((c) => c.section ?? c.type)).toEqual(['kpis', 'header']);
    expect(await screen.findByText(/version 5/)).toBeTruthy();
  });

  it('says when someone else saved first, and takes their version when asked', async () => {
    const user = userEvent.setup();
    renderBuilder();
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'My name');
    network.on('put', REPORT_PATH, {
      status: 409,
      body: { error: { code: 'conflict', message: 'The report changed since version 4.' } },
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByText(/Someone else saved this report after you opened it/);
    current = { ...REPORT, name: 'Their name', version: 6 };
    await user.click(within(alert.parentElement!).getByRole('button', { name: 'Take their version' }));
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('Their name'),
    );
    expect(screen.getByText(/version 6/)).toBeTruthy();
    expect(screen.queryByText(/Someone else saved/)).toBeNull();
  });
});

describe("the builder's figures", () => {
  it('shows each data section as the tables the PDF prints, in the console’s language', async () => {
    network.on('get', '/api/ngreports/v0/reports/{id}/data', (call) => ({
      status: 200 as const,
      body: {
        report_id: REPORT.id,
        version: 4,
        locale: call.query.get('locale') ?? 'en-GB',
        customer: { id: ACME, name: 'Acme Corp' },
        period: { start: '2026-08-01', end: '2026-10-31', label: 'August 2026 – October 2026' },
        azure_groups: [],
        sections: [
          { type: 'header', section: null, title: null, data: null, narrowed: null, printed: null },
          {
            type: 'section',
            section: 'workflows',
            title: null,
            data: {},
            narrowed: null,
            printed: {
              title: 'Workflows run',
              blocks: [
                { kind: 'note', text: '4 runs, 1 failed' },
                {
                  kind: 'table',
                  columns: [
                    { header: 'Workflow', align: 'left' },
                    { header: 'Runs', align: 'right' },
                  ],
                  rows: [['Isolate host', '3']],
                },
              ],
            },
          },
          {
            type: 'section',
            section: 'alerts_over_time',
            title: null,
            data: {},
            narrowed: null,
            printed: {
              title: 'Alerts over time',
              blocks: [
                {
                  kind: 'chart',
                  columns: [
                    { header: 'Day', align: 'left' },
                    { header: 'High', align: 'right' },
                  ],
                  rows: [['2026-08-01', '7']],
                },
              ],
            },
          },
        ],
      } satisfies ReportData,
    }));
    renderBuilder();
    const figures = await screen.findByRole('region', { name: 'Figures' });
    expect(await within(figures).findByText('4 runs, 1 failed')).toBeTruthy();
    const runs = within(figures).getByRole('table', { name: 'Workflows run' });
    expect(within(runs).getByRole('columnheader', { name: 'Runs' })).toBeTruthy();
    expect(within(runs).getByRole('row', { name: 'Isolate host 3' })).toBeTruthy();
    const chart = within(figures).getByRole('table', { name: "Alerts over time: the chart's figures" });
    expect(within(chart).getByRole('row', { name: '2026-08-01 7' })).toBeTruthy();
    const asked = network.callsTo('get', '/api/ngreports/v0/reports/{id}/data')[0]!;
    expect([asked.query.get('customer_id'), asked.query.get('locale')]).toEqual([ACME, 'en-GB']);
  });

  it('adds a saved-search section and asks for the saved search it lists', async () => {
    const user = userEvent.setup();
    renderBuilder();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Add' }), 'Saved search');
    await user.click(screen.getByRole('button', { name: 'Add part' }));
    const part = await screen.findByRole('listitem', { name: 'Part 3 of 3: Saved search' });
    expect(part).toBe(document.activeElement);
    expect(within(part).getByText(/Choose the report's saved search above/)).toBeTruthy();
  });
});
