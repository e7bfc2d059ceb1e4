// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Integration, MultiInstanceHost } from '../../src/web/features/integrations/api.ts';
import { BrowserConnectorSection } from '../../src/web/features/integrations/BrowserConnectorSection.tsx';
import { IntegrationPage } from '../../src/web/features/integrations/IntegrationPage.tsx';
import { MultiInstanceHostsSection } from '../../src/web/features/integrations/MultiInstanceHostsSection.tsx';
import { type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import { stubLayout } from './dom-layout.ts';
import { renderInShell } from './shell-harness.tsx';

/** The integrations list's multi-instance hosts, and an instance's last failed pull. */

const BASE = '/api/integrations/v1';
const ID = '00000000-0000-4000-8000-0000000000e1';
const ACME = '00000000-0000-4000-8000-00000000ac01';

const defender = (over: Partial<Integration> = {}): Integration => ({
  id: ID,
  kind: 'microsoft_defender_xdr',
  name: 'Defender XDR',
  direction: 'in',
  configurable: true,
  release_status: 'stable',
  settings: {},
  secrets: { client_secret: 'set' },
  validated_at: '2026-11-20T10:00:00.000Z',
  mapping_count: 1,
  pulled_at: '2026-11-20T11:00:00.000Z',
  pull_error: null,
  pull_error_at: null,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  ...over,
});

let network: FakeNetwork;
stubLayout();

beforeEach(() => {
  localStorage.clear();
  network = freshNetwork({ unmatched: 'not-found' });
  signIn(network, { permissions: ['global_user', 'read_all'] });
});

describe('multi-instance hosts', () => {
  const hosts: MultiInstanceHost[] = [
    {
      customer_id: ACME,
      customer_name: 'Acme',
      host_name: 'acme-pc-1',
      sources: [
        { source: 'integration', id: ID, name: 'Defender XDR' },
        { source: 'integration', id: '00000000-0000-4000-8000-0000000000e2', name: 'Defender XDR lab' },
        { source: 'agent', id: 'agent-1', name: 'ACME-PC-1' },
      ],
    },
  ];

  it('lists each host with its customer and every instance or agent reporting it, the instances as links', async () => {
    network.on('get', `${BASE}/multi-instance-hosts`, { status: 200, body: { hosts } });
    await renderInShell(<MultiInstanceHostsSection />);
    const table = await screen.findByRole('table', {
      name: 'Hosts reported by more than one integration instance or agent',
    });
    const row = within(table).getByRole('row', { name: /acme-pc-1/ });
    expect(within(row).getByRole('cell', { name: 'Acme' })).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Defender XDR' }).getAttribute('href')).toBe(
      `/integrations/${ID}`,
    );
    expect(within(row).getByRole('link', { name: 'Defender XDR lab' })).toBeTruthy();
    expect(within(row).getByText('Agent ACME-PC-1')).toBeTruthy();
    expect(within(row).queryByRole('link', { name: /ACME-PC-1/ })).toBeNull();
  });

  it('says so when no host is reported twice, and when the list cannot be loaded', async () => {
    network.on('get', `${BASE}/multi-instance-hosts`, { status: 200, body: { hosts: [] } });
    const { unmount } = await renderInShell(<MultiInstanceHostsSection />);
    expect(await screen.findByText('No host is reported by more than one instance.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    unmount();
    network.on('get', `${BASE}/multi-instance-hosts`, new Response('{}', { status: 500 }));
    await renderInShell(<MultiInstanceHostsSection />);
    expect((await screen.findByRole('alert')).textContent).toBe('Unable to load multi-instance hosts');
  });
});

describe("an instance's pull error", () => {
  const page = () => renderInShell(<IntegrationPage params={{ id: ID }} route={'integration' as never} />);

  it('shows what the last pull said when it failed', async () => {
    const error =
      'acacacac-1111-4111-8111-111111111111: 127.0.0.1 answered 403 for tenant (Forbidden: missing SecurityAlert.Read.All)';
    network.on('get', '/api/integrations/v1/integrations/{id}', {
      status: 200,
      body: defender({ pull_error: error, pull_error_at: '2026-11-20T12:00:00.000Z' }),
    });
    await page();
    const shown = await screen.findByTestId('pull-error');
    expect(shown.getAttribute('role')).toBe('status');
    expect(shown.textContent).toContain('The last pull of alerts failed:');
    expect(shown.textContent).toContain(error);
  });

  it('shows nothing of the kind once a pull works', async () => {
    network.on('get', '/api/integrations/v1/integrations/{id}', { status: 200, body: defender() });
    await page();
    expect(await screen.findByRole('heading', { level: 1, name: 'Defender XDR' })).toBeTruthy();
    expect(screen.queryByTestId('pull-error')).toBeNull();
  });
});

describe('the Chrome OAuth consent section', () => {
  it('says how the extension is approved and, to those who manage connectors, links their credentials', async () => {
    signIn(network, { permissions: ['global_user', 'read_all', 'modify_all'] });
    const { unmount } = await renderInShell(<BrowserConnectorSection />);
    const section = await screen.findByRole('region', { name: 'Chrome OAuth consent' });
    expect(within(section).getByText('/connectors/chrome')).toBeTruthy();
    expect(
      within(section).getByRole('link', { name: 'Approved browser connectors' }).getAttribute('href'),
    ).toBe('/connectors');
    unmount();
  });

  it('shows no link to the credentials without the right to manage them', async () => {
    await renderInShell(<BrowserConnectorSection />);
    const section = await screen.findByRole('region', { name: 'Chrome OAuth consent' });
    expect(within(section).queryByRole('link')).toBeNull();
  });
});
