// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CaseSummary } from '../../src/web/features/cases/api.ts';
import { CasesPage } from '../../src/web/features/cases/CasesPage.tsx';
import { type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import { ACME, caseRecord, caseSummary, GLOBEX } from './cases-fakes.ts';
import { withKeyDispatcher } from './keyboard-harness.ts';
import { customer, renderInShell } from './shell-harness.tsx';

withKeyDispatcher();

const CASES = '/api/cases/v1/cases/';
const page = (cases: CaseSummary[], total = cases.length) => ({
  status: 200 as const,
  body: { cases, total, search_after: null },
});
const data = {
  customers: [customer('Acme Corp', ACME), customer('Globex', GLOBEX)],
  loaded: { customers: true, contacts: true, agents: true },
};

let network: FakeNetwork;

async function renderList() {
  return renderInShell(<CasesPage params={{}} route="cases" />, { path: '/cases', data });
}

/** What a list request the server got asked for: its filter and its page. */
function asked(query: URLSearchParams) {
  const number = (name: string) => (query.has(name) ? Number(query.get(name)) : null);
  const column = query.get('sort');
  return {
    riskMin: number('risk_min'),
    riskMax: number('risk_max'),
    query: query.get('query') ?? '',
    statuses: query.getAll('statuses'),
    customerIds: query.getAll('customer_ids'),
    sort: column ? { column, direction: query.get('order') } : null,
    offset: number('offset') ?? 0,
    batchSize: number('batch_size'),
  };
}
const listed = () => network.callsTo('get', CASES).map((c) => asked(c.query));
const lastFilter = () => listed().at(-1)!;
const created = () => network.callsTo('post', CASES).map((c) => c.body);

beforeEach(() => {
  network = freshNetwork({ unmatched: 'not-found' });
  // Provider staff who may change cases and mutes.
  signIn(network, { permissions: ['global_user', 'read_all', 'modify_all'] });
  network
    .on('get', CASES, page([caseSummary(1), caseSummary(2)]))
    .on('get', '/api/cases/v1/cases/aggregate/{a}/{b}', {
      status: 200,
      body: {
        buckets: [
          { a: 'identity', b: 'identity', count: 4 },
          { a: 'phishing', b: 'phishing', count: 2 },
        ],
      },
    });
});

describe('cases list: risk score range', () => {
  it('explains a minimum above the maximum and does not ask the server for it', async () => {
    const user = userEvent.setup();
    await renderList();
    await screen.findByRole('link', { name: /#1 Suspicious sign-ins 1/ });
    const calls = listed().length;

    await user.type(screen.getByRole('textbox', { name: 'Minimum' }), '80');
    await user.type(screen.getByRole('textbox', { name: 'Maximum' }), '20');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The minimum risk score must not be greater than the maximum.',
    );
    expect(screen.getByRole('textbox', { name: 'Maximum' }).getAttribute('aria-invalid')).toBe('true');
    // The '80' on its own was a valid range and was asked for; '80'–'2' and '80'–'20' were not.
    expect(
      listed()
        .slice(calls)
        .every((filter) => filter.riskMax === null),
    ).toBe(true);

    await user.clear(screen.getByRole('textbox', { name: 'Maximum' }));
    await user.type(screen.getByRole('textbox', { name: 'Maximum' }), '90');
    await waitFor(() => expect(lastFilter()).toMatchObject({ riskMin: 80, riskMax: 90 }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('accepts only whole numbers from 0 to 100', async () => {
    const user = userEvent.setup();
    await renderList();
    await user.type(screen.getByRole('textbox', { name: 'Minimum' }), '150');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Risk scores are whole numbers from 0 to 100.',
    );
    await user.clear(screen.getByRole('textbox', { name: 'Minimum' }));
    await user.type(screen.getByRole('textbox', { name: 'Minimum' }), '0');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    await waitFor(() => expect(lastFilter()).toMatchObject({ riskMin: 0, riskMax: null }));
  });

  it('sends the selected customers, a debounced query and the status set', async () => {
    const user = userEvent.setup();
    localStorage.setItem('watchfloor.selectedCustomers', JSON.stringify([{ customer_id: ACME }]));
    await renderList();
    await waitFor(() => expect(lastFilter().customerIds).toEqual([ACME]));
    await user.type(screen.getByRole('searchbox', { name: 'Search cases' }), 'travel');
    await waitFor(() => expect(lastFilter().query).toBe('travel'));
    expect(listed().some((filter) => filter.query === 'trav')).toBe(false);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'resolved');
    await waitFor(() => expect(lastFilter().statuses).toEqual(['closed', 'false_positive', 'accepted_risk']));
  });

  it('offers numbered pages of the total and page sizes 10, 25, 50 and 100; a page asks for its offset', async () => {
    const user = userEvent.setup();
    network.on('get', CASES, page([caseSummary(1), caseSummary(2)], 23));
    await renderList();
    await screen.findByRole('link', { name: /#1 Suspicious/ });
    expect(lastFilter()).toMatchObject({ sort: null, offset: 0, batchSize: 10 });
    const pages = screen.getByRole('navigation', { name: 'Page numbers' });
    expect(
      within(pages)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3']);
    await user.click(within(pages).getByRole('button', { name: '3' }));
    await waitFor(() => expect(lastFilter()).toMatchObject({ offset: 20, batchSize: 10 }));
    const size = screen.getByRole('combobox', { name: 'Rows' });
    expect([...(size as HTMLSelectElement).options].map((o) => o.value)).toEqual(['10', '25', '50', '100']);
    await user.selectOptions(size, '25');
    await waitFor(() => expect(lastFilter()).toMatchObject({ offset: 0, batchSize: 25 }));
  });

  it('pages of the user’s default_page_size', async () => {
    signIn(network, {
      permissions: ['global_user', 'read_all', 'modify_all'],
      attributes: { default_page_size: 50 },
    });
    await renderList();
    await screen.findByRole('link', { name: /#1 Suspicious/ });
    expect(lastFilter()).toMatchObject({ batchSize: 50 });
    expect((screen.getByRole('combobox', { name: 'Rows' }) as HTMLSelectElement).value).toBe('50');
  });

  it('a column header sorts ascending, descending, then back to newest change first', async () => {
    const user = userEvent.setup();
    await renderList();
    await screen.findByRole('link', { name: /#1 Suspicious/ });
    const risk = () => screen.getByRole('columnheader', { name: 'Risk' });
    await user.click(within(risk()).getByRole('button'));
    await waitFor(() => expect(lastFilter().sort).toEqual({ column: 'risk_score', direction: 'asc' }));
    expect(risk().getAttribute('aria-sort')).toBe('ascending');
    await user.click(within(risk()).getByRole('button'));
    await waitFor(() => expect(lastFilter().sort).toEqual({ column: 'risk_score', direction: 'desc' }));
    expect(risk().getAttribute('aria-sort')).toBe('descending');
    await user.click(within(risk()).getByRole('button'));
    await waitFor(() => expect(lastFilter().sort).toBeNull());
    expect(risk().getAttribute('aria-sort')).toBe('none');
  });
});

describe('cases list: create a case from the keyboard', () => {
  it('n opens the dialog; it asks for a customer and a title and checks the risk range', async () => {
    const user = userEvent.setup();
    await renderList();
    await screen.findByRole('link', { name: /#1 Suspicious sign-ins 1/ });
    await user.keyboard('n');
    const dialog = await screen.findByRole('dialog', { name: 'New case' });
    // Look inside the dialog: the page behind it is still in the test DOM's tree.
    const inDialog = within(dialog);
    expect(document.activeElement).toBe(inDialog.getByRole('combobox', { name: 'Customer' }));

    await user.click(inDialog.getByRole('button', { name: 'Create case' }));
    expect(dialog.textContent).toContain('Please select a customer');
    expect(dialog.textContent).toContain('Please give the case a title.');

    await user.selectOptions(inDialog.getByRole('combobox', { name: 'Customer' }), ACME);
    await user.type(inDialog.getByRole('textbox', { name: 'Title' }), 'Credential stuffing');
    await user.type(inDialog.getByRole('textbox', { name: 'Minimum' }), '60');
    await user.type(inDialog.getByRole('textbox', { name: 'Maximum' }), '40');
    await user.click(inDialog.getByRole('button', { name: 'Create case' }));
    expect(dialog.textContent).toContain('The minimum risk score must not be greater than the maximum.');
    expect(created()).toEqual([]);

    network.on('post', CASES, { status: 201, body: caseRecord(9, { title: 'Credential stuffing' }) });
    await user.clear(inDialog.getByRole('textbox', { name: 'Maximum' }));
    await user.type(inDialog.getByRole('textbox', { name: 'Maximum' }), '90{Enter}');
    await waitFor(() => expect(created()).toHaveLength(1));
    expect(created()[0]).toEqual({
      customer_id: ACME,
      title: 'Credential stuffing',
      description: '',
      risk_score_min: 60,
      risk_score_max: 90,
    });
  });

  it('j and k move through the rows and Enter opens the case', async () => {
    const user = userEvent.setup();
    const { location } = await renderList();
    await screen.findByRole('link', { name: /#1 Suspicious sign-ins 1/ });
    await user.keyboard('j');
    expect(document.activeElement).toBe(screen.getByRole('link', { name: /#1 Suspicious sign-ins 1/ }));
    await user.keyboard('j');
    expect(document.activeElement).toBe(screen.getByRole('link', { name: /#2 Suspicious sign-ins 2/ }));
    await user.keyboard('k');
    expect(document.activeElement).toBe(screen.getByRole('link', { name: /#1 Suspicious sign-ins 1/ }));
    await user.keyboard('{Enter}');
    expect(location.history?.at(-1)).toBe('/cases/1');
  });
});
