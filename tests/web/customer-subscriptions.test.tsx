// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Customer, Subscription } from '../../src/web/features/customers/api.ts';
import { Subscriptions } from '../../src/web/features/customers/Subscriptions.tsx';
import { ToastArea } from '../../src/web/shell/toasts/ToastArea.tsx';
import { type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import { renderInShell } from './shell-harness.tsx';

let network: FakeNetwork;
beforeEach(() => {
  network = freshNetwork({ unmatched: 'not-found' });
});

const SUBSCRIPTIONS_PATH = '/api/management/customers/{id}/subscriptions' as const;
const UPDATE_PATH = '/api/management/customers/{id}/subscriptions/{subscription_id}' as const;
const PRODUCTS_PATH = '/api/management/products' as const;

const EDR: Subscription = {
  subscription_id: '0b6f3c1e-6a0f-4f55-9d1c-2f7a7c3b9e01',
  product: 'Managed EDR',
  status: 'active',
  billing: 'endpoint',
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
};
// The customer as the list delivered it: its embedded subscriptions are stale on purpose.
const CUSTOMER: Customer = {
  customer_id: '6f1c0a52-8a5e-4c43-9d1e-0e6b1f3f0a11',
  name: 'Initech',
  has_subscription: true,
  subscriptions: [],
  created_time: '2025-01-01T00:00:00Z',
  modified_time: '2025-01-01T00:00:00Z',
};
const PRODUCTS = [
  { product: 'Managed EDR', customers: 3 },
  { product: 'SIEM', customers: 1 },
];

async function render(canManage = true) {
  signIn(network);
  await renderInShell(
    <>
      <Subscriptions customer={CUSTOMER} canManage={canManage} onChanged={() => {}} />
      <ToastArea />
    </>,
    { path: '/customers' },
  );
}

// An answer the contract does not promise: the server is down.
const serverDown = () =>
  new Response(JSON.stringify({ error: { code: 'unavailable', message: 'Database unavailable' } }), {
    status: 503,
    headers: { 'content-type': 'application/json' },
  });

describe('customer subscriptions panel', () => {
  it('shows the subscriptions the subscriptions call returns', async () => {
    network.on('get', SUBSCRIPTIONS_PATH, { status: 200, body: { subscriptions: [EDR] } });
    network.on('get', PRODUCTS_PATH, { status: 200, body: { products: PRODUCTS } });
    await render();
    expect(await screen.findByRole('cell', { name: 'Managed EDR' })).toBeTruthy();
    expect(network.callsTo('get', SUBSCRIPTIONS_PATH).map((c) => c.params.id)).toEqual([
      CUSTOMER.customer_id,
    ]);
  });

  it("says 'Unable to get customer subscriptions' when they cannot be read, and tries again on request", async () => {
    let failing = true;
    network.on('get', SUBSCRIPTIONS_PATH, () =>
      failing ? serverDown() : { status: 200 as const, body: { subscriptions: [EDR] } },
    );
    network.on('get', PRODUCTS_PATH, { status: 200, body: { products: PRODUCTS } });
    const user = userEvent.setup();
    await render();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Unable to get customer subscriptions')).toBeTruthy();
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('cell', { name: 'Managed EDR' })).toBeTruthy();
    expect(screen.queryByText('Unable to get customer subscriptions')).toBeNull();
  });

  it('offers the known products as suggestions for a new subscription', async () => {
    network.on('get', SUBSCRIPTIONS_PATH, { status: 200, body: { subscriptions: [] } });
    network.on('get', PRODUCTS_PATH, { status: 200, body: { products: PRODUCTS } });
    await render();
    const field = await screen.findByLabelText('Product');
    const listId = field.getAttribute('list');
    expect(listId).toBeTruthy();
    await waitFor(() => {
      const options = document.getElementById(listId!)?.querySelectorAll('option') ?? [];
      expect([...options].map((o) => o.value)).toEqual(['Managed EDR', 'SIEM']);
    });
  });

  it("says 'Unable to get customer products' without blocking a typed product", async () => {
    network.on('get', SUBSCRIPTIONS_PATH, { status: 200, body: { subscriptions: [] } });
    network.on('get', PRODUCTS_PATH, serverDown);
    network.on('post', SUBSCRIPTIONS_PATH, (call) => ({
      status: 201 as const,
      body: { ...CUSTOMER, subscriptions: [{ ...EDR, product: call.body.product }] },
    }));
    const user = userEvent.setup();
    await render();
    const field = await screen.findByLabelText('Product');
    expect(await screen.findByText('Unable to get customer products')).toBeTruthy();
    expect(field.getAttribute('aria-describedby')).toBe(
      screen.getByText('Unable to get customer products').id,
    );
    await user.type(field, 'Brand new product');
    await user.click(screen.getByRole('button', { name: 'Add subscription' }));
    await waitFor(() =>
      expect(network.callsTo('post', SUBSCRIPTIONS_PATH).map((c) => c.body)).toEqual([
        { product: 'Brand new product', billing: 'endpoint' },
      ]),
    );
  });

  it('shows the add and update messages when those calls fail', async () => {
    network.on('get', SUBSCRIPTIONS_PATH, { status: 200, body: { subscriptions: [EDR] } });
    network.on('get', PRODUCTS_PATH, { status: 200, body: { products: PRODUCTS } });
    network.on('post', SUBSCRIPTIONS_PATH, serverDown);
    network.on('patch', UPDATE_PATH, serverDown);
    const user = userEvent.setup();
    await render();
    await user.type(await screen.findByLabelText('Product'), 'SIEM');
    await user.click(screen.getByRole('button', { name: 'Add subscription' }));
    expect(await screen.findByText('Unable to add customer subscription')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Status of Managed EDR'), 'suspended');
    await user.click(await screen.findByRole('button', { name: 'Change status' }));
    expect(await screen.findByText('Unable to update customer subscription')).toBeTruthy();
  });

  it('does not ask for products when the person may not add subscriptions', async () => {
    network.on('get', SUBSCRIPTIONS_PATH, { status: 200, body: { subscriptions: [EDR] } });
    await render(false);
    expect(await screen.findByRole('cell', { name: 'Managed EDR' })).toBeTruthy();
    expect(network.callsTo('get', PRODUCTS_PATH)).toHaveLength(0);
  });
});
