// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ConsentPage } from '../../src/web/features/connectors/ConsentPage.tsx';
import { CredentialsPage } from '../../src/web/features/connectors/CredentialsPage.tsx';
import { RedirectPage } from '../../src/web/features/connectors/RedirectPage.tsx';
import { ToastArea } from '../../src/web/shell/toasts/ToastArea.tsx';
import { apiError, type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import { stubLayout } from './dom-layout.ts';
import { withKeyDispatcher } from './keyboard-harness.ts';
import { renderInShell } from './shell-harness.tsx';

stubLayout();
withKeyDispatcher();

let network: FakeNetwork;
beforeEach(() => {
  network = freshNetwork({ unmatched: 'not-found' });
});

const CUSTOMER_ID = '6f1c0a52-8a5e-4c43-9d1e-0e6b1f3f0a11';
const EXTENSION = 'abcdefghijklmnopabcdefghijklmnop';
const REDIRECT = `chrome-extension://${EXTENSION}/cb.html`;
const CONSENT_PATH = `/connectors/chrome?customer_id=${CUSTOMER_ID}&redirect_uri=${encodeURIComponent(REDIRECT)}&state=s1`;
const POLICY = {
  enabled: true,
  risky_domain_mode: 'warn' as const,
  password_reuse_warning: true,
  allowed_domains: ['initech.example'],
  blocked_domains: ['evil.example'],
  report_blocked_visits: true,
};
const CONSENT = {
  customer_id: CUSTOMER_ID,
  customer_name: 'Initech',
  extension_id: EXTENSION,
  enabled: true,
  scopes: ['read_policy' as const, 'report_blocked_visits' as const],
  policy: POLICY,
};
const CREDENTIAL = {
  credential_id: '11111111-2222-4333-8444-555555555555',
  customer_id: CUSTOMER_ID,
  customer_name: 'Initech',
  kind: 'chrome' as const,
  extension_id: EXTENSION,
  scopes: ['read_policy' as const],
  approved_by: { id: '99999999-2222-4333-8444-555555555555', email: 'boss@initech.example' },
  created_at: '2026-11-01T10:00:00Z',
  last_used_at: null,
  revoked_at: null,
};

async function consentThenRedirect(path = CONSENT_PATH) {
  const view = await renderInShell(<ConsentPage />, { path });
  return view;
}

describe('the consent page', () => {
  it('names the customer and what the policy lets the extension do, and hands the approval to the redirect page', async () => {
    signIn(network);
    network.on('get', '/api/connectors/v1/chrome/consent', { status: 200, body: CONSENT });
    network.on('post', '/api/connectors/v1/chrome/credentials', {
      status: 201,
      body: {
        credential: CREDENTIAL,
        token: 'wfc_abc.secret',
        redirect_to: `${REDIRECT}#token=wfc_abc.secret&state=s1`,
      },
    });
    const user = userEvent.setup();
    const { location } = await consentThenRedirect();
    expect(await screen.findByText(/asks to act for Initech/)).toBeTruthy();
    const scopes = screen.getByRole('list', { name: 'What the extension may do' });
    expect(
      within(scopes)
        .getAllByRole('listitem')
        .map((li) => li.textContent?.trim()),
    ).toEqual([
      'Read the Chrome extension policy of Initech: which sites to warn about, block or allow',
      'Report blocked visits as alerts of Initech',
    ]);
    expect(screen.getByText('1 blocked domain')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await expect.poll(() => location.history?.at(-1)).toBe('/connectors/chrome/redirect');
    expect(network.callsTo('post', '/api/connectors/v1/chrome/credentials')[0]?.body).toEqual({
      customer_id: CUSTOMER_ID,
      redirect_uri: REDIRECT,
      state: 's1',
    });

    // The redirect page shows the credential once; drawn again, it has nothing to hand over.
    const first = await renderInShell(<RedirectPage />, { path: '/connectors/chrome/redirect' });
    expect(
      await screen.findByRole('heading', { name: 'The extension is connected to Initech' }),
    ).toBeTruthy();
    expect((screen.getByLabelText('Connector credential') as HTMLInputElement).value).toBe('wfc_abc.secret');
    expect(screen.getByRole('link', { name: 'Return to the extension' }).getAttribute('href')).toBe(
      `${REDIRECT}#token=wfc_abc.secret&state=s1`,
    );
    first.unmount();
    await renderInShell(<RedirectPage />, { path: '/connectors/chrome/redirect' });
    expect(await screen.findByRole('heading', { name: 'Nothing to hand over' })).toBeTruthy();
  });

  it('says so when the extension is off, and returns the denial with the state', async () => {
    signIn(network);
    network.on('get', '/api/connectors/v1/chrome/consent', {
      status: 200,
      body: { ...CONSENT, enabled: false },
    });
    const user = userEvent.setup();
    await consentThenRedirect();
    expect(await screen.findByText(/turned off in the Chrome extension policy of Initech/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Deny' }));
    await renderInShell(<RedirectPage />, { path: '/connectors/chrome/redirect' });
    expect(await screen.findByRole('heading', { name: "You denied the extension's request" })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to the extension' }).getAttribute('href')).toBe(
      `${REDIRECT}#error=access_denied&state=s1`,
    );
  });

  it('refuses a return address that is no extension’s, offering nothing to hand over', async () => {
    signIn(network);
    network.on('get', '/api/connectors/v1/chrome/consent', apiError(400, 'Invalid request'));
    await consentThenRedirect();
    expect(await screen.findByText(/is not an address of a Chrome extension/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Deny' })).toBeNull();
  });

  it('asks nothing of the server for a person who may not approve', async () => {
    signIn(network, { permissions: ['read_all'] });
    await consentThenRedirect();
    expect(await screen.findByText(/You do not have permission to approve browser connectors/)).toBeTruthy();
    expect(network.callsTo('get', '/api/connectors/v1/chrome/consent')).toEqual([]);
  });
});

describe('the browser connectors list', () => {
  const SECOND = {
    ...CREDENTIAL,
    credential_id: '22222222-2222-4333-8444-555555555555',
    customer_name: 'Umbrella',
    approved_by: { id: CREDENTIAL.approved_by.id, email: 'chief@umbrella.example' },
    created_at: '2026-11-03T10:00:00Z',
  };

  it('moves with j and k, and revokes the focused credential with Enter after asking', async () => {
    signIn(network);
    let revoked = false;
    network.on('get', '/api/connectors/v1/credentials', () => ({
      status: 200 as const,
      body: {
        credentials: [
          { ...CREDENTIAL, revoked_at: revoked ? '2026-11-02T10:00:00Z' : null },
          { ...SECOND, revoked_at: null },
        ],
      },
    }));
    network.on('post', '/api/connectors/v1/credentials/{credential_id}/revoke', () => {
      revoked = true;
      return { status: 200 as const, body: { ...CREDENTIAL, revoked_at: '2026-11-02T10:00:00Z' } };
    });
    const user = userEvent.setup();
    await renderInShell(
      <>
        <CredentialsPage />
        <ToastArea />
      </>,
      { path: '/connectors' },
    );
    const grid = await screen.findByRole('grid', { name: 'Browser connectors' });
    await within(grid).findByText('boss@initech.example');
    const rows = () => within(grid).getAllByRole('row').slice(1);
    await user.keyboard('j');
    await waitFor(() => expect(document.activeElement).toBe(rows()[0]));
    await user.keyboard('j');
    await waitFor(() => expect(document.activeElement).toBe(rows()[1]));
    await user.keyboard('k');
    await waitFor(() => expect(document.activeElement).toBe(rows()[0]));
    expect(within(rows()[0]!).getByText('Active')).toBeTruthy();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('alertdialog', { name: 'Revoke the browser connector of Initech?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Browser connector revoked')).toBeTruthy();
    await waitFor(() => expect(within(rows()[0]!).getByText('Revoked')).toBeTruthy());
    expect(within(rows()[1]!).getByText('Active')).toBeTruthy();
    expect(
      network.callsTo('post', '/api/connectors/v1/credentials/{credential_id}/revoke').map((c) => c.params),
    ).toEqual([{ credential_id: CREDENTIAL.credential_id }]);
  });

  it('revokes from the row’s own button as well', async () => {
    signIn(network);
    network.on('get', '/api/connectors/v1/credentials', () => ({
      status: 200 as const,
      body: { credentials: [CREDENTIAL] },
    }));
    network.on('post', '/api/connectors/v1/credentials/{credential_id}/revoke', () => ({
      status: 200 as const,
      body: { ...CREDENTIAL, revoked_at: '2026-11-02T10:00:00Z' },
    }));
    const user = userEvent.setup();
    await renderInShell(<CredentialsPage />, { path: '/connectors' });
    await user.click(await screen.findByRole('button', { name: /^Revoke the connector of Initech/ }));
    const dialog = screen.getByRole('alertdialog', { name: 'Revoke the browser connector of Initech?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(network.callsTo('post', '/api/connectors/v1/credentials/{credential_id}/revoke')).toHaveLength(
        1,
      ),
    );
  });
});
