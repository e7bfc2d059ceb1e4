// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReportSchedule } from '../../src/web/features/reports/api.ts';
import { ReportBuilderPage } from '../../src/web/features/reports/ReportBuilderPage.tsx';
import { PREVIEW_PAUSE_MS } from '../../src/web/features/reports/use-report-preview.ts';
import { type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import { ACME, GLOBEX } from './cases-fakes.ts';
import { withKeyDispatcher } from './keyboard-harness.ts';
import { reportRecord } from './reports-fakes.ts';
import { customer, renderInShell } from './shell-harness.tsx';

withKeyDispatcher();
const GROUPS_PATH = '/api/ngreports/v0/azure-groups/';
const LAPTOPS = '11111111-1111-4111-8111-111111111111';
const SERVERS = '22222222-2222-4222-8222-222222222222';
const REPORT = reportRecord();
const ACME_GROUPS = {
  status: 200 as const,
  body: {
    configured: true,
    message: null,
    groups: [
      { id: LAPTOPS, name: 'Laptops', customer_id: ACME },
      { id: SERVERS, name: 'Servers', customer_id: ACME },
    ],
  },
};

let network: FakeNetwork;

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

/** The form region of one delivery form (its section shares the name with the panel's part). */
async function deliveryForm(name: string) {
  await screen.findAllByRole('region', { name });
  return screen.getAllByRole('region', { name }).at(-1)!;
}

beforeEach(() => {
  network = freshNetwork({ unmatched: 'not-found' });
  signIn(network, { permissions: ['global_user', 'read_all', 'modify_all'] });
  network.on('get', '/api/ngreports/v0/reports/{id}', { status: 200, body: REPORT });
  network.on('get', '/api/ngreports/v0/schedule/', { status: 200, body: { tasks: [] } });
  network.on('get', '/api/ngreports/v0/runs/', { status: 200, body: { runs: [] } });
  network.on('get', '/api/search/v1/saved/', { status: 200, body: { saved: [] } });
  network.on('get', GROUPS_PATH, ACME_GROUPS);
});

describe('the Azure groups field', () => {
  it('says so when no Microsoft integration is configured for the customer', async () => {
    network.on('get', GROUPS_PATH, {
      status: 200,
      body: { configured: false, message: 'No Microsoft integration maps a tenant.', groups: [] },
    });
    renderBuilder();
    const send = await deliveryForm('Send now');
    const field = await within(send).findByRole('group', { name: 'Azure groups' });
    expect(
      await within(field).findByText(/No Microsoft integration is configured for this customer/),
    ).toBeTruthy();
    expect(within(field).queryAllByRole('checkbox')).toHaveLength(0);
    expect(network.callsTo('get', GROUPS_PATH)[0]!.query.getAll('customer_ids')).toEqual([ACME]);
  });

  it('shows that the groups are loading, then that they failed, and reads them again on retry', async () => {
    const user = userEvent.setup();
    let answer!: (reply: Response) => void;
    network.on(
      'get',
      GROUPS_PATH,
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    renderBuilder();
    const send = await deliveryForm('Send now');
    const field = await within(send).findByRole('group', { name: 'Azure groups' });
    expect(await within(field).findByText('Loading Azure groups…')).toBeTruthy();
    await waitFor(() => expect(answer).toBeTypeOf('function'));
    network.on('get', GROUPS_PATH, ACME_GROUPS);
    answer(
      new Response(JSON.stringify({ error: { code: 'bad_gateway', message: 'Graph failed.' } }), {
        status: 502,
        headers: { 'content-type': 'application/json' },
      }),
    );
    const failed = await within(field).findByRole('alert');
    expect(within(failed).getByText('Unable to load the Azure groups')).toBeTruthy();
    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(await within(field).findByRole('checkbox', { name: 'Laptops' })).toBeTruthy();
  });

  it('sends the chosen groups with send now, and none when none are chosen', async () => {
    const user = userEvent.setup();
    network.on('get', '/api/ngreports/v0/reports/send', { status: 202, body: { runs: [] } });
    renderBuilder();
    const send = await deliveryForm('Send now');
    const servers = await within(send).findByRole('checkbox', { name: 'Servers' });
    // Keyboard: Space ticks the focused box, as on any checkbox of the field kit.
    servers.focus();
    await user.keyboard(' ');
    expect((servers as HTMLInputElement).checked).toBe(true);
    await user.type(within(send).getByRole('textbox', { name: 'Recipients' }), 'soc@acme.example');
    await user.click(within(send).getByRole('button', { name: 'Send now' }));
    await waitFor(() => expect(network.callsTo('get', '/api/ngreports/v0/reports/send')).toHaveLength(1));
    const sent = network.callsTo('get', '/api/ngreports/v0/reports/send')[0]!.query;
    expect(sent.getAll('selected_groups')).toEqual([SERVERS]);
    expect(sent.getAll('customer_ids')).toEqual([ACME]);

    await user.click(servers);
    await user.type(within(send).getByRole('textbox', { name: 'Recipients' }), 'soc@acme.example');
    await user.click(within(send).getByRole('button', { name: 'Send now' }));
    await waitFor(() => expect(network.callsTo('get', '/api/ngreports/v0/reports/send')).toHaveLength(2));
    expect(network.callsTo('get', '/api/ngreports/v0/reports/send')[1]!.query.has('selected_groups')).toBe(
      false,
    );
  });

  it('schedules with the chosen groups and shows them on the schedule by name', async () => {
    const user = userEvent.setup();
    const schedule: ReportSchedule = {
      id: '00000000-0000-4000-8000-0000000000c1',
      customer_id: ACME,
      report_id: REPORT.id,
      report_name: REPORT.name,
      frequency: 'monthly',
      recipients: ['soc@acme.example'],
      selected_groups: [LAPTOPS, SERVERS],
      time_zone: 'Europe/Helsinki',
      next_run_at: '2026-12-01T04:00:00Z',
      last_run_at: null,
    };
    network.on('post', '/api/ngreports/v0/schedule/', () => {
      network.on('get', '/api/ngreports/v0/schedule/', { status: 200, body: { tasks: [schedule] } });
      return { status: 201 as const, body: schedule };
    });
    renderBuilder();
    const form = await deliveryForm('Schedule the report');
    await user.click(await within(form).findByRole('checkbox', { name: 'Laptops' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Servers' }));
    await user.type(within(form).getByRole('textbox', { name: 'Recipients' }), 'soc@acme.example');
    await user.click(within(form).getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(network.callsTo('post', '/api/ngreports/v0/schedule/')).toHaveLength(1));
    const asked = network.callsTo('post', '/api/ngreports/v0/schedule/')[0]!.query;
    expect(asked.getAll('selected_groups')).toEqual([LAPTOPS, SERVERS]);
    const table = await screen.findByRole('table', { name: "The report's schedules by customer" });
    expect(await within(table).findByRole('cell', { name: 'Laptops, Servers' })).toBeTruthy();
  });

  it('narrows the preview and its figures to the groups chosen beside it, drawn once the ticks pause', async () => {
    const drawn = () =>
      network
        .callsTo('get', '/api/ngreports/v0/reports/{id}/preview')
        .map((c) => c.query.getAll('selected_groups'));
    renderBuilder();
    const preview = await screen.findByRole('region', { name: 'Preview' });
    const laptops = await within(preview).findByRole('checkbox', { name: 'Laptops' });
    await waitFor(() => expect(drawn()).toEqual([[]]));
    // The machine's pause runs on Vitest's clock from here: the test moves time, it does not wait.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      // A tick on each box, fired at once: the fake clock would hold user-event's own waits.
      fireEvent.click(laptops);
      await vi.advanceTimersByTimeAsync(PREVIEW_PAUSE_MS - 100);
      fireEvent.click(within(preview).getByRole('checkbox', { name: 'Servers' }));
      expect(within(preview).getByRole('status').textContent).toBe('Updating the preview…');
      await vi.advanceTimersByTimeAsync(PREVIEW_PAUSE_MS - 1);
      expect(drawn()).toEqual([[]]);
      await vi.advanceTimersByTimeAsync(1);
      // Two ticks, one drawing, of both groups.
      expect(drawn()).toEqual([[], [LAPTOPS, SERVERS]]);
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() =>
      expect(
        network
          .callsTo('get', '/api/ngreports/v0/reports/{id}/data')
          .some((c) => c.query.getAll('selected_groups').join() === `${LAPTOPS},${SERVERS}`),
      ).toBe(true),
    );
    expect(
      network
        .callsTo('get', '/api/ngreports/v0/reports/{id}/data')
        .some((c) => c.query.getAll('selected_groups').join() === LAPTOPS),
    ).toBe(false);
  });
});
