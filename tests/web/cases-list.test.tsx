// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { commandTargetStore } from '../../src/web/commands/target.ts';
import type { CaseSummary } from '../../src/web/features/cases/api.ts';
import { CasesPage } from '../../src/web/features/cases/CasesPage.tsx';
import type { CasesCommandTarget } from '../../src/web/features/cases/command-target.ts';
import { ToastArea } from '../../src/web/shell/toasts/ToastArea.tsx';
import { apiError, type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import { ACME, caseSummary, GLOBEX } from './cases-fakes.ts';
import { withKeyDispatcher } from './keyboard-harness.ts';
import { customer, renderInShell } from './shell-harness.tsx';

withKeyDispatcher();

const CASES = '/api/cases/v1/cases/';
/** One page of the list as the server answers it. */
const page = (cases: CaseSummary[]) => ({
  status: 200 as const,
  body: { cases, total: cases.length, search_after: null },
});
/** The list requests the server got, newest last. */
const listed = () => network.callsTo('get', CASES);
const data = {
  customers: [customer('Acme Corp', ACME), customer('Globex', GLOBEX)],
  loaded: { customers: true, contacts: true, agents: true },
};
let network: FakeNetwork;

async function renderList() {
  return renderInShell(
    <>
      <CasesPage params={{}} route="cases" />
      <ToastArea />
    </>,
    { path: '/cases', data },
  );
}

const grid = () => screen.getByRole('grid', { name: 'Cases, most recently updated first' });
const dataRows = () =>
  within(grid())
    .getAllByRole('row')
    .filter((r) => r.hasAttribute('data-case-id'));
const link = (id: number) => screen.getByRole('link', { name: new RegExp(`^#${id} `) });
const target = () => commandTargetStore.get() as CasesCommandTarget | null;

beforeEach(() => {
  network = freshNetwork({ unmatched: 'not-found' });
  // Provider staff who may change cases.
  signIn(network, { permissions: ['global_user', 'read_all', 'modify_all'] });
  commandTargetStore.set(null);
  network
    .on('get', CASES, page([1, 2, 3, 4, 5].map((id) => caseSummary(id, { version: id + 10 }))))
    .on('get', '/api/cases/v1/cases/aggregate/{a}/{b}', { status: 200, body: { buckets: [] } });
});

describe('cases list: a virtual grid', () => {
  it('shows ten placeholder rows while the first page loads, then the cases', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    network.on('get', CASES, () => answered.then(() => page([caseSummary(1)])));
    const { container } = await renderList();
    await waitFor(() => expect(container.querySelectorAll('.list-grid__row--placeholder')).toHaveLength(10));
    expect(grid().getAttribute('aria-busy')).toBe('true');
    expect(listed()[0]!.query.get('batch_size')).not.toBeNull();
    answer();
    await screen.findByRole('link', { name: /#1 Suspicious sign-ins 1/ });
    expect(container.querySelectorAll('.list-grid__row--placeholder')).toHaveLength(0);
    expect(grid().getAttribute('aria-busy')).toBe('false');
    expect(dataRows()[0]!.textContent).toContain('Acme Corp');
  });

  it('says when there are no cases, and when none match the filters', async () => {
    const user = userEvent.setup();
    network.on('get', CASES, page([]));
    await renderList();
    expect(await screen.findByText('There are no cases yet.')).toBeTruthy();
    await user.type(screen.getByRole('searchbox', { name: 'Search cases' }), 'nothing');
    expect(await screen.findByText('No cases match these filters.')).toBeTruthy();
    await waitFor(() => expect(listed().at(-1)!.query.get('query')).toBe('nothing'));
  });

  it("says 'Unable to load cases' and 'Please try again later.' when the list fails, with a retry", async () => {
    const user = userEvent.setup();
    network.on('get', CASES, apiError(500, 'Database down'));
    await renderList();
    const toast = (await screen.findAllByText('Unable to load cases'))[0]!;
    expect(document.body.textContent).toContain('Please try again later.');
    expect(toast).toBeTruthy();
    network.on('get', CASES, page([caseSummary(1)]));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /#1 Suspicious/ })).toBeTruthy();
  });

  it('keeps only the current row in the Tab order', async () => {
    await renderList();
    await screen.findByRole('link', { name: /#1 Suspicious/ });
    expect(dataRows()[0]!.getAttribute('tabindex')).toBe('0');
    expect(link(1).getAttribute('tabindex')).toBe('0');
    expect(dataRows()[1]!.getAttribute('tabindex')).toBe('-1');
    expect(link(2).getAttribute('tabindex')).toBe('-1');
  });
});

describe('cases list: keys from the registry', () => {
  it('x selects, Shift+j extends, Shift+x selects the range; Esc clears the selection first', async () => {
    const user = userEvent.setup();
    await renderList();
    await screen.findByRole('link', { name: /#1 Suspicious/ });
    await user.keyboard('jx');
    expect(dataRows()[0]!.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('status', { name: '' }).textContent).toContain('1 case selected');
    await user.keyboard('{Shift>}j{/Shift}');
    expect(document.activeElement).toBe(link(2));
    expect(dataRows().map((r) => r.getAttribute('aria-selected'))).toEqual([
      'true',
      'true',
      'false',
      'false',
      'false',
    ]);
    await user.keyboard('jj{Shift>}x{/Shift}');
    expect(dataRows().map((r) => r.getAttribute('aria-selected'))).toEqual([
      'true',
      'true',
      'true',
      'true',
      'false',
    ]);
    expect(target()).toMatchObject({ kind: 'cases', ids: [1, 2, 3, 4], canChange: true });
    expect(target()!.versions).toEqual({ 1: 11, 2: 12, 3: 13, 4: 14 });

    await user.keyboard('{Escape}');
    expect(dataRows().every((r) => r.getAttribute('aria-selected') === 'false')).toBe(true);
    // Without a selection the focused case is what `>` commands act on.
    expect(target()).toMatchObject({ ids: [4], focusedId: 4 });
  });

  it('the checkbox selects too', async () => {
    const user = userEvent.setup();
    await renderList();
    await screen.findByRole('link', { name: /#1 Suspicious/ });
    await user.click(screen.getByRole('checkbox', { name: 'Select case #3' }));
    expect(target()).toMatchObject({ ids: [3] });
  });

  it('a new filter starts at the top: the first j goes to the first row', async () => {
    const user = userEvent.setup();
    await renderList();
    await screen.findByRole('link', { name: /#1 Suspicious/ });
    await user.keyboard('jjj');
    expect(document.activeElement).toBe(link(3));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'resolved');
    await waitFor(() => expect(listed().at(-1)!.query.getAll('statuses')).toContain('closed'));
    await screen.findByRole('link', { name: /#1 Suspicious/ });
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('j');
    expect(document.activeElement).toBe(link(1));
  });

  it('read-only staff see why there is no New case, and n does nothing', async () => {
    const user = userEvent.setup();
    signIn(network, { permissions: ['global_user', 'read_all'] });
    await renderList();
    await screen.findByRole('link', { name: /#1 Suspicious/ });
    expect(screen.getByRole('note').textContent).toBe('You can view cases but not create or change them.');
    expect(screen.queryByRole('button', { name: 'New case' })).toBeNull();
    await user.keyboard('n');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.keyboard('jx');
    expect(target()).toMatchObject({ ids: [1], canChange: false });
  });
});
