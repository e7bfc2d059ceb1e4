// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { CustomerExtras } from '../../src/web/features/customers/CustomerExtras.tsx';
import { ToastArea } from '../../src/web/shell/toasts/ToastArea.tsx';
import { type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import { renderInShell } from './shell-harness.tsx';

let network: FakeNetwork;
beforeEach(() => {
  network = freshNetwork({ unmatched: 'not-found' });
});

const CUSTOMER = {
  customer_id: '6f1c0a52-8a5e-4c43-9d1e-0e6b1f3f0a11',
  name: 'Initech',
  has_subscription: true,
  compliance_sku: true,
  created_time: '2025-01-01T00:00:00Z',
  modified_time: '2025-01-01T00:00:00Z',
};
const POLICY = {
  enabled: false,
  risky_domain_mode: 'warn' as const,
  password_reuse_warning: true,
  allowed_domains: ['initech.example'],
  blocked_domains: [],
  report_blocked_visits: false,
};
const POLICY_PATH = '/api/management/customers/{customer_id}/chrome-policy' as const;
const COMPLIANCE_PATH = '/api/management/customers/{customer_id}/compliance-data' as const;

async function render(customer = CUSTOMER, canManage = true) {
  signIn(network);
  await renderInShell(
    <>
      <CustomerExtras customer={customer} canManage={canManage} />
      <ToastArea />
    </>,
    { path: '/customers' },
  );
}

describe('Chrome extension policy', () => {
  it('edits the policy, refusing an invalid domain before saving', async () => {
    network.on('get', POLICY_PATH, { status: 200 as const, body: POLICY });
    network.on('put', POLICY_PATH, (call) => ({ status: 200 as const, body: call.body }));
    const user = userEvent.setup();
    await render();
    await user.click(screen.getByRole('button', { name: 'Chrome extension policy…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Chrome extension policy for Initech' });
    const allowed = await within(dialog).findByLabelText('Allowed domains');
    expect((allowed as HTMLTextAreaElement).value).toBe('initech.example');
    await user.click(within(dialog).getByLabelText('Extension enabled'));
    await user.selectOptions(within(dialog).getByLabelText('Known-bad and lookalike domains'), 'block');
    await user.type(within(dialog).getByLabelText('Blocked domains'), 'evil.example{Enter}not a domain');
    await user.click(within(dialog).getByRole('button', { name: 'Save policy' }));
    expect(
      await within(dialog).findByText('Please provide a valid domain name. (not a domain)'),
    ).toBeTruthy();
    expect(network.callsTo('put', POLICY_PATH)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Blocked domains'), '{Backspace>13}');
    await user.click(within(dialog).getByRole('button', { name: 'Save policy' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(network.callsTo('put', POLICY_PATH).map((c) => c.body)).toEqual([
      { ...POLICY, enabled: true, risky_domain_mode: 'block', blocked_domains: ['evil.example'] },
    ]);
    expect(await screen.findByText('Chrome extension policy saved')).toBeTruthy();
  });

  it('places the server’s refusal of one domain on its list, naming the line', async () => {
    network.on('get', POLICY_PATH, { status: 200 as const, body: POLICY });
    network.on(
      'put',
      POLICY_PATH,
      new Response(
        JSON.stringify({
          error: {
            code: 'bad_request',
            message: 'Invalid request',
            details: [{ field: 'body.blocked_domains[1]', reason: 'Please provide a valid domain name.' }],
          },
        }),
        { status: 400, headers: { 'content-type': 'application/json' } },
      ),
    );
    const user = userEvent.setup();
    await render();
    await user.click(screen.getByRole('button', { name: 'Chrome extension policy…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Chrome extension policy for Initech' });
    const blocked = await within(dialog).findByLabelText('Blocked domains');
    await user.type(blocked, 'evil.example{Enter}xn--zz.example');
    await user.click(within(dialog).getByRole('button', { name: 'Save policy' }));
    expect(
      await within(dialog).findByText('Please provide a valid domain name. (xn--zz.example)'),
    ).toBeTruthy();
    expect(document.activeElement).toBe(blocked);
    expect(blocked.getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the policy read-only to a customer user, with the managed-policy download', async () => {
    network.on('get', POLICY_PATH, { status: 200 as const, body: POLICY });
    const user = userEvent.setup();
    await render(CUSTOMER, false);
    await user.click(screen.getByRole('button', { name: 'Chrome extension policy…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Chrome extension policy for Initech' });
    const allowed = await within(dialog).findByLabelText('Allowed domains');
    // The fieldset disables every field of a reader.
    expect(allowed.closest('fieldset')?.disabled).toBe(true);
    expect(within(dialog).queryByRole('button', { name: 'Save policy' })).toBeNull();
    expect(within(dialog).getByRole('link', { name: 'Download managed policy' }).getAttribute('href')).toBe(
      `/api/management/customers/${CUSTOMER.customer_id}/chrome-policy/managed`,
    );
  });
});

describe('compliance data', () => {
  const DATA = {
    customer_id: CUSTOMER.customer_id,
    from: '2026-03-01',
    to: '2026-03-30',
    min_bytes: null,
    max_bytes: null,
    total: { events: 15, bytes: 51_000 },
    by_type: [{ source: 'windows', events: 15, bytes: 51_000 }],
    days: [{ day: '2026-03-01', source: 'windows', events: 15, bytes: 51_000 }],
  };

  it('says why it is unavailable without a compliance SKU', async () => {
    const user = userEvent.setup();
    await render({ ...CUSTOMER, compliance_sku: false });
    const button = screen.getByRole('button', { name: 'Compliance data…' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      screen.getByText('Compliance data is kept only for customers with a compliance SKU.'),
    ).toBeTruthy();
    await user.click(button);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(network.callsTo('get', COMPLIANCE_PATH)).toHaveLength(0);
  });

  it('shows the stored volume and filters it by size in bytes', async () => {
    network.on('get', COMPLIANCE_PATH, { status: 200 as const, body: DATA });
    const user = userEvent.setup();
    await render();
    await user.click(screen.getByRole('button', { name: 'Compliance data…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Compliance data for Initech' });
    expect(await within(dialog).findByText('Stored: 51,000 bytes in 15 events.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Minimum daily bytes'), '5000');
    await user.type(within(dialog).getByLabelText('Maximum daily bytes'), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Apply filters' }));
    expect(within(dialog).getByText('The maximum must not be smaller than the minimum.')).toBeTruthy();
    expect(network.callsTo('get', COMPLIANCE_PATH)).toHaveLength(1);
    await user.type(within(dialog).getByLabelText('Maximum daily bytes'), '000');
    await user.click(within(dialog).getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(network.callsTo('get', COMPLIANCE_PATH)).toHaveLength(2));
    const query = network.callsTo('get', COMPLIANCE_PATH)[1]!.query;
    expect(query.get('min_bytes')).toBe('5000');
    expect(query.get('max_bytes')).toBe('100000');
    expect(within(dialog).getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toContain(
      'format=csv',
    );
  });
});
