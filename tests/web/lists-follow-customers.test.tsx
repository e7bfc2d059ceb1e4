// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { CustomersPage } from '../../src/web/features/customers/CustomersPage.tsx';
import { UsersPage } from '../../src/web/features/users/UsersPage.tsx';
import { useSelectedCustomers } from '../../src/web/shell/index.ts';
import { type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import { stubLayout } from './dom-layout.ts';
import { customer, renderInShell } from './shell-harness.tsx';

stubLayout();

const ACME = '00000000-0000-4000-8000-00000000000a';
const GLOBEX = '00000000-0000-4000-8000-00000000000b';
const INITECH = '00000000-0000-4000-8000-00000000000c';
const CUSTOMERS = [customer('Acme Corp', ACME), customer('Globex', GLOBEX), customer('Initech', INITECH)];

const contact = (name: string, role: 'Global' | 'Customer', ids: string[]) => ({
  contact_id: `contact-${name}`,
  email: `${name.toLowerCase()}@example.com`,
  first_name: name,
  last_name: '',
  name,
  role_level: role,
  valid_customer_ids: ids,
  last_login: null,
});

/** The top bar's customer filter, as a button that picks one customer. */
function Pick({ id, name }: { id: string; name: string }) {
  const { toggle } = useSelectedCustomers();
  return (
    <button type="button" onClick={() => toggle(id)}>
      Pick {name}
    </button>
  );
}

let network: FakeNetwork;
beforeEach(() => {
  network = freshNetwork({ unmatched: 'not-found' });
  signIn(network);
  network.on('get', '/api/management/customers', () => ({
    status: 200 as const,
    body: { customers: CUSTOMERS.map((c) => ({ ...c, agent_count: 1, alert_count: 2, case_count: 0 })) },
  }));
  network.on('get', '/api/management/contacts', () => ({
    status: 200 as const,
    body: {
      contacts: [
        contact('Ana', 'Customer', [ACME]),
        contact('Ben', 'Customer', [GLOBEX]),
        contact('Cy', 'Customer', [GLOBEX, INITECH]),
        contact('Staff', 'Global', []),
      ],
    },
  }));
});

const rowNames = (grid: HTMLElement) =>
  within(grid)
    .queryAllByRole('row')
    .slice(1)
    .map((row) => within(row).queryAllByRole('gridcell')[0]?.textContent ?? '');

describe('the customers and users lists follow the selected customers', () => {
  it('customers: all, then only the selected ones', async () => {
    const user = userEvent.setup();
    await renderInShell(
      <>
        <Pick id={GLOBEX} name="Globex" />
        <CustomersPage params={{}} route="customers" />
      </>,
      { data: { customers: CUSTOMERS } },
    );
    const grid = await screen.findByRole('grid');
    await screen.findByText('Initech');
    expect(rowNames(grid).join('|')).toMatch(/Acme Corp.*Globex.*Initech/);
    await user.click(screen.getByRole('button', { name: 'Pick Globex' }));
    expect(screen.queryByText('Acme Corp')).toBeNull();
    expect(screen.queryByText('Initech')).toBeNull();
    expect(within(grid).getByText('Globex')).toBeTruthy();
  });

  it("users: all, then only the selected customers' people", async () => {
    const user = userEvent.setup();
    await renderInShell(
      <>
        <Pick id={INITECH} name="Initech" />
        <UsersPage params={{}} route="users" />
      </>,
      { data: { customers: CUSTOMERS } },
    );
    await screen.findByText('Staff');
    for (const name of ['Ana', 'Ben', 'Cy']) expect(screen.getByText(name)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Pick Initech' }));
    expect(screen.getByText('Cy')).toBeTruthy();
    for (const name of ['Ana', 'Ben', 'Staff']) expect(screen.queryByText(name)).toBeNull();
  });
});
