// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../src/api/schema.d.ts';
import { osNameOf } from '../../src/web/features/vulnerabilities/os-name.ts';
import { VulnerabilitiesPage } from '../../src/web/features/vulnerabilities/VulnerabilitiesPage.tsx';
import { STORAGE_KEYS } from '../../src/web/shell/local-storage.ts';
import { apiError, type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import { ACME, GLOBEX } from './cases-fakes.ts';
import { stubLayout } from './dom-layout.ts';
import { withKeyDispatcher } from './keyboard-harness.ts';
import { customer, renderInShell } from './shell-harness.tsx';

stubLayout();
withKeyDispatcher();

const REPORT = '/api/ngreports/v1/vulnerabilities/';
const AGENTS = '/api/ngreports/v1/vulnerabilities/agents';
const CVE = '/api/threat/cve';
const AGENT_ID = '00000000-0000-4000-8000-0000000000f1';

type Vulnerability = components['schemas']['Vulnerability'];
const OPENSSL = {
  id: 'openssl-3.0.1',
  title: 'OpenSSL 3.0.1',
  severity: 'high',
  cve_ids: ['CVE-2022-0778'],
  agent_count: 2,
};
const ROWS: Vulnerability[] = [
  {
    customer_id: ACME,
    os: { platform: 'windows-server-2022' },
    patches: [{ id: 'KB5034441', title: 'KB5034441', severity: 'critical', cve_ids: [], agent_count: 3 }],
    applications: [OPENSSL],
    standalone_os_vulnerabilities: [],
    vulnerable_count: 2,
    agent_count: 3,
  },
  {
    customer_id: GLOBEX,
    os: { platform: 'linux' },
    patches: [],
    applications: [],
    standalone_os_vulnerabilities: [
      { id: 'os-1', title: 'Kernel', severity: null, cve_ids: [], agent_count: 1 },
    ],
    vulnerable_count: 1,
    agent_count: 1,
  },
];

let network: FakeNetwork;

async function renderPage() {
  const data = {
    customers: [customer('Acme Corp', ACME), customer('Globex', GLOBEX)],
    loaded: { customers: true, contacts: true, agents: true },
  };
  return renderInShell(<VulnerabilitiesPage params={{}} route="vulnerabilities" />, {
    path: '/vulnerabilities',
    data,
  });
}

beforeEach(() => {
  network = freshNetwork({ unmatched: 'not-found' });
  signIn(network, { permissions: ['global_user', 'read_all'] });
  network.on('get', REPORT, { status: 200, body: { vulnerabilities: ROWS } });
  network.on('get', AGENTS, (call) => ({
    status: 200 as const,
    body: {
      agents: [
        {
          agent_id: AGENT_ID,
          host_name: call.query.get('id') ? 'ws-openssl' : 'ws-any',
          platform: 'windows',
          version: '4.2.0',
          ip: '10.0.0.5',
          heartbeat_at: null,
          findings: 1,
        },
      ],
    },
  }));
  network.on('get', CVE, {
    status: 200,
    body: {
      cves: [
        {
          cve_id: 'CVE-2022-0778',
          description: 'Infinite loop in BN_mod_sqrt() reachable when parsing certificates.',
          language: 'en',
          severity: 'HIGH',
          cvss_score: 7.5,
          cvss_vector: null,
          published_at: null,
          modified_at: null,
        },
      ],
      unknown: [],
    },
  });
});

describe('vulnerabilities screen', () => {
  it('lists a row per customer and OS with the counts of each list', async () => {
    await renderPage();
    const acme = (await screen.findByRole('button', { name: 'Acme Corp' })).closest<HTMLElement>(
      '[role="row"]',
    )!;
    expect(
      within(acme)
        .getAllByRole('gridcell')
        .map((c) => c.textContent),
    ).toEqual(['Acme Corp', 'Windows Server 2022', '1', '1', '0', '2', '3']);
    expect(screen.getByRole('button', { name: 'Globex' })).toBeTruthy();
    expect(network.callsTo('get', REPORT)[0]!.query.getAll('customer_ids')).toEqual([]);
  });

  it('sorts by a count column, ascending then descending', async () => {
    const user = userEvent.setup();
    await renderPage();
    await screen.findByRole('button', { name: 'Acme Corp' });
    const names = () =>
      [...document.querySelectorAll('[role="row"][data-row-index] [data-list-name]')].map(
        (n) => n.textContent,
      );
    const header = screen.getByRole('columnheader', { name: 'Agents affected' });
    await user.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    expect(names()).toEqual(['Globex', 'Acme Corp']);
    await user.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBe('descending');
    expect(names()).toEqual(['Acme Corp', 'Globex']);
  });

  it('asks only for the customers of the shell filter', async () => {
    localStorage.setItem(STORAGE_KEYS.selectedCustomers, JSON.stringify([{ customer_id: GLOBEX }]));
    await renderPage();
    await screen.findByRole('button', { name: 'Acme Corp' });
    expect(network.callsTo('get', REPORT)[0]!.query.getAll('customer_ids')).toEqual([GLOBEX]);
  });

  it('drills down by keyboard to the agents affected and a finding’s CVE details', async () => {
    const user = userEvent.setup();
    await renderPage();
    await screen.findByRole('button', { name: 'Acme Corp' });
    await user.keyboard('jj');
    await waitFor(() => expect(document.activeElement?.textContent).toContain('Globex'));
    await user.keyboard('k');
    await waitFor(() => expect(document.activeElement?.textContent).toContain('Acme Corp'));
    await user.keyboard('{Enter}');
    const drill = await screen.findByRole('region', { name: 'Acme Corp, Windows Server 2022' });
    const any = await within(drill).findByRole('link', { name: 'ws-any' });
    expect(any.getAttribute('href')).toBe(`/agents/${AGENT_ID}`);
    expect(network.callsTo('get', AGENTS)[0]!.query.get('kind')).toBeNull();

    await user.click(within(drill).getByRole('button', { name: /OpenSSL 3\.0\.1/ }));
    await within(drill).findByRole('link', { name: 'ws-openssl' });
    const asked = network.callsTo('get', AGENTS).at(-1)!.query;
    expect([asked.get('customer_id'), asked.get('platform'), asked.get('kind'), asked.get('id')]).toEqual([
      ACME,
      'windows-server-2022',
      'application',
      'openssl-3.0.1',
    ]);
    expect(await within(drill).findByText(/Infinite loop in BN_mod_sqrt/)).toBeTruthy();
    expect(network.callsTo('get', CVE)[0]!.query.getAll('ids')).toEqual(['CVE-2022-0778']);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('region')).toBeNull());
  });

  it('says so when no agent reported anything', async () => {
    network.on('get', REPORT, { status: 200, body: { vulnerabilities: [] } });
    await renderPage();
    expect(await screen.findByText(/No agent of the selected customers/)).toBeTruthy();
  });

  it('offers a retry after a failed load', async () => {
    const user = userEvent.setup();
    // A 401 would end the session (the real session provider is here): a broken server instead.
    network.on('get', REPORT, apiError(500, 'Down'));
    await renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Invalid response getting vulnerabilities');
    network.on('get', REPORT, { status: 200, body: { vulnerabilities: ROWS } });
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Globex' })).toBeTruthy();
  });

  it.each([
    ['a 200 without the report', {}],
    [
      'a 200 whose rows lack their lists',
      { vulnerabilities: [{ customer_id: ACME, os: { platform: 'linux' } }] },
    ],
    ['a 200 whose report is not a list', { vulnerabilities: 'none' }],
  ])('says "Invalid response getting vulnerabilities" for %s', async (_, body) => {
    network.on('get', REPORT, { status: 200, body: body as never });
    await renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Invalid response getting vulnerabilities' + 'Try again');
    expect(screen.queryByRole('grid')).toBeNull();
  });

  it('says the connection failed when no answer came', async () => {
    network.on('get', REPORT, () => Promise.reject(new TypeError('Failed to fetch')) as never);
    await renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Connection error, check your connection then try again');
  });
});

describe('osName (derived from os.platform)', () => {
  it.each([
    ['windows-11', 'Windows 11'],
    ['windows-server-2022', 'Windows Server 2022'],
    ['macos-14', 'macOS 14'],
    ['ubuntu-22.04', 'Ubuntu 22.04'],
    ['rhel-9', 'Red Hat Enterprise Linux 9'],
    ['amazon_linux-2023', 'Amazon Linux 2023'],
    ['windows', 'Windows'],
    ['freebsd-14', 'Freebsd 14'],
  ])('%s reads as %s', (platform, name) => {
    expect(osNameOf(platform)).toBe(name);
  });
});
