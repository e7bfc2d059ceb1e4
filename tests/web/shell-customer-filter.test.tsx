// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { CustomerFilter } from '../../src/web/shell/customers/CustomerFilter.tsx';
import { customerLabel, filterCustomers } from '../../src/web/shell/customers/filter-customers.ts';
import { useSelectedCustomers } from '../../src/web/shell/customers/SelectedCustomersProvider.tsx';
import { freshNetwork } from '../helpers/fake-network.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import { customer, renderInShell } from './shell-harness.tsx';

beforeEach(() => {
  signIn(freshNetwork({ unmatched: 'not-found' }));
});

const LONG = 'Contoso Heavy Industries International Holdings';
const customers = [
  customer('Acme Corporation', 'c-acme'),
  customer('Blue Yonder Airlines', 'c-blue'),
  customer(LONG, 'c-contoso'),
  customer('Fabrikam', 'c-fabrikam', false),
];
const data = {
  customers,
  loaded: { customers: true, contacts: true, agents: true },
  knowledgeBaseUrl: 'https://help.example/kb',
};

/** Shows the selection the way other features read it. */
function SelectionProbe() {
  const { selected } = useSelectedCustomers();
  return <output data-testid="selection">{selected.join(',')}</output>;
}

async function renderFilter() {
  return renderInShell(
    <>
      <CustomerFilter />
      <SelectionProbe />
    </>,
    { data },
  );
}

const trigger = () => screen.getByRole('button', { name: /customer filter/i });
const options = () => screen.getAllByRole('option');

describe('customer filter', () => {
  it('matches a case-insensitive substring of the name', () => {
    expect(filterCustomers(customers, 'YONDER').map((c) => c.customer_id)).toEqual(['c-blue']);
    expect(filterCustomers(customers, '  corp ').map((c) => c.customer_id)).toEqual(['c-acme']);
    expect(filterCustomers(customers, '')).toHaveLength(4);
  });

  it('shows at most 28 characters of a name', () => {
    expect(customerLabel(LONG)).toHaveLength(28);
    expect(customerLabel(LONG).endsWith('…')).toBe(true);
    expect(customerLabel('Fabrikam')).toBe('Fabrikam');
  });

  it('says all customers when none is selected, and searches by name', async () => {
    const user = userEvent.setup();
    await renderFilter();
    expect(trigger().textContent).toContain('All customers');
    await user.click(trigger());
    const search = screen.getByPlaceholderText('Search customers');
    expect(document.activeElement).toBe(search);
    expect(options()).toHaveLength(4);
    const long = options()[2]!;
    expect(long.textContent).toContain(customerLabel(LONG));
    expect(long.getAttribute('title')).toBe(LONG);
    await user.type(search, 'aCmE');
    expect(options().map((o) => o.textContent)).toEqual(['Acme Corporation']);
  });

  it('toggles customers in and out of the selection and clears it', async () => {
    const user = userEvent.setup();
    await renderFilter();
    await user.click(trigger());
    await user.click(screen.getByRole('option', { name: /Acme/ }));
    expect(screen.getByRole('option', { name: /Acme/ }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('selection').textContent).toContain('c-acme');
    expect(trigger().textContent).toContain('Acme Corporation');

    await user.click(screen.getByRole('option', { name: /Blue Yonder/ }));
    expect(trigger().textContent).toContain('Acme Corporation, Blue Yonder Airlines');
    // Collapsed, the filter names three customers, then how many more (spec 1 section 9).
    for (const option of screen
      .getAllByRole('option')
      .filter((o) => o.getAttribute('aria-selected') !== 'true'))
      await user.click(option);
    expect(trigger().textContent).toMatch(/Acme Corporation, Blue Yonder Airlines, [^,]+ \+1$/);
    for (const option of screen.getAllByRole('option').slice(2)) await user.click(option);
    await user.click(screen.getByRole('option', { name: /Acme/ }));
    expect(screen.getByTestId('selection').textContent).toMatch(/^c-blue$/);

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByTestId('selection').textContent).toMatch(/^$/);
    expect(trigger().textContent).toContain('All customers');
  });

  it('persists the selection as [{customer_id}] and restores it', async () => {
    const user = userEvent.setup();
    const first = await renderFilter();
    await user.click(trigger());
    await user.click(screen.getByRole('option', { name: /Fabrikam/ }));
    expect(JSON.parse(localStorage.getItem('watchfloor.selectedCustomers')!)).toEqual([
      { customer_id: 'c-fabrikam' },
    ]);
    first.unmount();

    await renderFilter();
    expect(screen.getByTestId('selection').textContent).toContain('c-fabrikam');
    expect(trigger().textContent).toContain('Fabrikam');
  });

  it('works from the keyboard: open, move, toggle, close', async () => {
    const user = userEvent.setup();
    await renderFilter();
    trigger().focus();
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByPlaceholderText('Search customers'));

    await user.keyboard('{ArrowDown}');
    const list = screen.getByRole('listbox');
    expect(document.activeElement).toBe(list);
    await user.keyboard('{ArrowDown}');
    expect(list.getAttribute('aria-activedescendant')).toBe(options()[1]!.id);
    await user.keyboard(' ');
    expect(screen.getByTestId('selection').textContent).toContain('c-blue');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByTestId('selection').textContent).toContain('c-blue,c-contoso');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(trigger());

    await user.keyboard(' ');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('shows No results with a contact support link when nothing matches', async () => {
    const user = userEvent.setup();
    await renderFilter();
    await user.click(trigger());
    await user.type(screen.getByPlaceholderText('Search customers'), 'zzz');
    expect(screen.queryByRole('listbox')).toBeNull();
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('No results')).toBeTruthy();
    const support = within(dialog).getByRole('link', { name: 'Contact support' });
    expect(support.getAttribute('href')).toBe('https://help.example/kb');
    expect(support.getAttribute('target')).toBe('_blank');
  });

  it('closes when the user presses outside', async () => {
    const user = userEvent.setup();
    await renderFilter();
    await user.click(trigger());
    expect(screen.getByRole('dialog')).toBeTruthy();
    await user.click(document.body);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
