// @vitest-environment jsdom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Report } from '../../src/web/features/reports/api.ts';
import { ReportBuilderPage } from '../../src/web/features/reports/ReportBuilderPage.tsx';
import { type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import { ACME, GLOBEX } from './cases-fakes.ts';
import { withKeyDispatcher } from './keyboard-harness.ts';
import { customer, renderInShell } from './shell-harness.tsx';

withKeyDispatcher();
const REPORT_PATH = '/api/ngreports/v0/reports/{id}';
const REPORT: Report = {
  id: '00000000-0000-4000-8000-0000000000a1',
  name: 'Quarterly review',
  description: null,
  scope: 'customer',
  customer_id: ACME,
  saved_search_id: null,
  target: 'month',
  start_date: null,
  end_date: null,
  retention_days: 90,
  document: {
    components: [
      { type: 'header', text: 'Quarterly review' },
      { type: 'section', section: 'kpis' },
    ],
  },
  version: 4,
  owner_id: '00000000-0000-4000-8000-0000000000b1',
  mine: true,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
};

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
