// @vitest-environment jsdom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/web/api/errors.ts';
import { asLoaded, type LoadState } from '../../src/web/api/loaded.ts';
import { commandTargetStore, type SelectionTarget } from '../../src/web/commands/target.ts';
import {
  type ListColumn,
  ListScreen,
  useClientRows,
  useList,
  useListControls,
} from '../../src/web/components/list/index.ts';
import { useSelectedCustomers } from '../../src/web/shell/index.ts';
import { type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import { stubLayout } from './jsdom-layout.ts';
import { withKeyDispatcher } from './keyboard-harness.ts';
import { customer, renderInShell } from './shell-harness.tsx';

stubLayout();
withKeyDispatcher();

interface Host {
  id: string;
  name: string;
  alerts: number;
  customerId: string;
}

const ACME = '00000000-0000-4000-8000-00000000000a';
const GLOBEX = '00000000-0000-4000-8000-00000000000b';
const CUSTOMERS = [customer('Acme Corp', ACME), customer('Globex', GLOBEX)];
const customerName = (id: string) => CUSTOMERS.find((c) => c.customer_id === id)?.name ?? id;

/** Hosts in the order the API gives them: neither by name nor by alerts. */
const HOSTS: Host[] = [
  { id: 'h1', name: 'delta', alerts: 3, customerId: ACME },
  { id: 'h2', name: 'alpha', alerts: 10, customerId: GLOBEX },
  { id: 'h3', name: 'charlie', alerts: 1, customerId: ACME },
  { id: 'h4', name: 'bravo', alerts: 7, customerId: GLOBEX },
];

/** Thirty hosts, host-01 to host-30, half Acme's and half Globex's. */
const MANY: Host[] = Array.from({ length: 30 }, (_, i) => ({
  id: `m${i + 1}`,
  name: `host-${String(i + 1).padStart(2, '0')}`,
  alerts: i,
  customerId: i % 2 ? GLOBEX : ACME,
}));

const COLUMNS: ListColumn<Host>[] = [
  { key: 'name', label: 'Host', width: 'minmax(8rem, 2fr)', sortable: true, text: (h) => h.name },
  {
    key: 'alerts',
    label: 'Alerts',
    width: '6rem',
    sortable: true,
    align: 'end',
    value: (h) => h.alerts,
    text: (h) => String(h.alerts),
  },
  {
    key: 'customer',
    label: 'Customer',
    width: 'minmax(8rem, 1fr)',
    sortable: true,
    text: (h) => customerName(h.customerId),
  },
];
const idOf = (h: Host) => h.id;
const customerOf = (h: Host) => h.customerId;
const LABELS = {
  empty: 'No hosts yet.',
  loadFailed: 'Unable to load hosts',
  retry: 'Try again',
  loading: 'Loading…',
};
const READY: LoadState = { status: 'ready', error: null, reload: () => undefined };

/** A list screen as a page builds it from the kit: whole rows from the API, paged in the browser. */
function HostsList({
  hosts,
  load = READY,
  allowed,
  panel = false,
}: {
  hosts: Host[];
  load?: LoadState;
  allowed?: boolean;
  /** Under a page's own title and tabs: no title of its own. */
  panel?: boolean;
}) {
  const controls = useListControls();
  const [opened, setOpened] = useState<string | null>(null);
  const { pageRows, total } = useClientRows(hosts, COLUMNS, controls, { customersOf: customerOf });
  const list = useList({
    rows: pageRows,
    rowId: idOf,
    selectable: true,
    onOpen: (h) => setOpened(h.name),
    target: ({ ids, focused }): SelectionTarget<string> => ({
      kind: 'agents',
      ids,
      canChange: true,
      refresh: () => undefined,
      focusedId: focused?.id ?? null,
    }),
  });
  return (
    <ListScreen
      {...(!panel && { title: 'Hosts' })}
      count={`${total} hosts`}
      actions={
        <button type="button" className="button button--primary">
          New host
        </button>
      }
      label="Hosts"
      columns={COLUMNS}
      rows={pageRows}
      list={list}
      controls={controls}
      paging={{ kind: 'numbered', total }}
      load={load}
      labels={LABELS}
      allowed={allowed}
      selectLabel={(h) => `Select ${h.name}`}
      before={opened && <p>Opened {opened}</p>}
    />
  );
}

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
  commandTargetStore.set(null);
});

async function renderHosts(ui: React.ReactElement, attributes: Record<string, unknown> = {}) {
  signIn(network, { attributes });
  const view = await renderInShell(ui, { data: { customers: CUSTOMERS } });
  const grid = await screen.findByRole('grid', { name: 'Hosts' });
  return { ...view, grid };
}

/** The data rows' first cells (the header row is the grid's first row). */
const names = (grid: HTMLElement) =>
  within(grid)
    .getAllByRole('row')
    .slice(1)
    .map(
      (row) =>
        within(row)
          .getAllByRole('gridcell')
          .find((cell) => !within(cell).queryByRole('checkbox'))?.textContent,
    );
const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });
const range = () => screen.getByRole('navigation', { name: 'Pages' }).textContent;

describe('the list kit: the sort cycle', () => {
  const orders: Record<string, { asc: string[]; desc: string[] }> = {
    Host: { asc: ['alpha', 'bravo', 'charlie', 'delta'], desc: ['delta', 'charlie', 'bravo', 'alpha'] },
    Alerts: { asc: ['charlie', 'delta', 'bravo', 'alpha'], desc: ['alpha', 'bravo', 'delta', 'charlie'] },
    // Ties keep the API's order.
    Customer: { asc: ['delta', 'charlie', 'alpha', 'bravo'], desc: ['alpha', 'bravo', 'delta', 'charlie'] },
  };
  const unsorted = ['delta', 'alpha', 'charlie', 'bravo'];

  for (const [column, order] of Object.entries(orders)) {
    it(`${column}: ascending, descending, then the API's order again`, async () => {
      const user = userEvent.setup();
      const { grid } = await renderHosts(<HostsList hosts={HOSTS} />);
      expect(names(grid)).toEqual(unsorted);
      const sortBy = () => within(header(column)).getByRole('button');

      await user.click(sortBy());
      expect(header(column).getAttribute('aria-sort')).toBe('ascending');
      expect(names(grid)).toEqual(order.asc);
      await user.click(sortBy());
      expect(header(column).getAttribute('aria-sort')).toBe('descending');
      expect(names(grid)).toEqual(order.desc);
      await user.click(sortBy());
      expect(header(column).getAttribute('aria-sort')).toBe('none');
      expect(names(grid)).toEqual(unsorted);
    });
  }

  it('another column starts ascending and the first one goes back to none', async () => {
    const user = userEvent.setup();
    const { grid } = await renderHosts(<HostsList hosts={HOSTS} />);
    await user.click(within(header('Host')).getByRole('button'));
    await user.click(within(header('Alerts')).getByRole('button'));
    expect(header('Host').getAttribute('aria-sort')).toBe('none');
    expect(header('Alerts').getAttribute('aria-sort')).toBe('ascending');
    expect(names(grid)).toEqual(orders.Alerts!.asc);
  });
});

describe('the list kit: page sizes and numbered pages', () => {
  it('starts at 10 rows a page without a default_page_size', async () => {
    await renderHosts(<HostsList hosts={MANY} />);
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Rows' }).value).toBe('10');
    expect(range()).toContain('1–10 of 30');
  });

  it("starts at the user's default_page_size, offers 10, 25, 50 and 100, and a new size starts at page 1", async () => {
    const user = userEvent.setup();
    const { grid } = await renderHosts(<HostsList hosts={MANY} />, { default_page_size: 25 });
    const size = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Rows' });
    expect(size.value).toBe('25');
    expect(
      within(size)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10', '25', '50', '100']);
    expect(range()).toContain('1–25 of 30');

    await user.click(screen.getByRole('button', { name: '2' }));
    expect(range()).toContain('26–30 of 30');
    expect(names(grid)).toEqual(['host-26', 'host-27', 'host-28', 'host-29', 'host-30']);

    await user.selectOptions(size, '10');
    expect(range()).toContain('1–10 of 30');
    expect(names(grid)[0]).toBe('host-01');
    expect(
      within(screen.getByRole('navigation', { name: 'Page numbers' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3']);
    await user.click(screen.getByRole('button', { name: '3' }));
    expect(names(grid)).toEqual(MANY.slice(20).map((h) => h.name));
    // The row's place in the whole list, not on its page.
    expect(within(grid).getAllByRole('row')[1]!.getAttribute('aria-rowindex')).toBe('22');
    expect(grid.getAttribute('aria-rowcount')).toBe('31');
  });

  it('goes back to page 1 when the rows no longer reach the page shown', async () => {
    const user = userEvent.setup();
    signIn(network);
    await renderInShell(
      <>
        <Pick id={ACME} name="Acme" />
        <HostsList hosts={MANY} />
      </>,
      { data: { customers: CUSTOMERS } },
    );
    await user.click(await screen.findByRole('button', { name: '3' }));
    expect(range()).toContain('21–30 of 30');
    await user.click(screen.getByRole('button', { name: 'Pick Acme' }));
    await waitFor(() => expect(range()).toContain('1–10 of 15'));
  });
});

/** A list the API pages by cursor: `after` is the last id of the page before. */
function KeysetHosts() {
  const controls = useListControls();
  const { after, pageSize } = controls;
  const load = asLoaded(
    useQuery({
      queryKey: ['hosts-by-cursor', after, pageSize],
      queryFn: async () => {
        const start = after ? MANY.findIndex((h) => h.id === after) + 1 : 0;
        const items = MANY.slice(start, start + pageSize);
        const last = items.at(-1);
        return { items, next: start + pageSize < MANY.length && last ? last.id : null };
      },
    }),
  );
  const rows = load.data?.items ?? [];
  const list = useList({ rows, rowId: idOf });
  return (
    <ListScreen
      title="Hosts"
      label="Hosts"
      columns={COLUMNS}
      rows={rows}
      list={list}
      controls={controls}
      paging={{ kind: 'keyset', next: load.data?.next ?? null }}
      load={load}
      labels={LABELS}
    />
  );
}

describe('the list kit: keyset paging', () => {
  it('turns pages by the next cursor, back again, and a new size starts over', async () => {
    const user = userEvent.setup();
    const { grid } = await renderHosts(<KeysetHosts />, { default_page_size: 25 });
    await waitFor(() => expect(names(grid)[0]).toBe('host-01'));
    const previous = screen.getByRole('button', { name: 'Previous page' });
    const next = screen.getByRole('button', { name: 'Next page' });
    expect(previous).toHaveProperty('disabled', true);
    expect(screen.getByText('Page 1')).toBeTruthy();

    await user.click(next);
    await waitFor(() => expect(names(grid)).toEqual(MANY.slice(25).map((h) => h.name)));
    expect(screen.getByText('Page 2')).toBeTruthy();
    // The server said there is nothing after these.
    expect(next).toHaveProperty('disabled', true);

    await user.click(previous);
    await waitFor(() => expect(names(grid)[0]).toBe('host-01'));
    await user.click(next);
    await waitFor(() => expect(names(grid)[0]).toBe('host-26'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows' }), '10');
    await waitFor(() => expect(names(grid)[0]).toBe('host-01'));
    expect(screen.getByText('Page 1')).toBeTruthy();
    expect(next).toHaveProperty('disabled', false);
  });
});

describe('the list kit: the customer filter', () => {
  it('shows every row, then only those of the customers selected in the top bar', async () => {
    const user = userEvent.setup();
    signIn(network);
    await renderInShell(
      <>
        <Pick id={GLOBEX} name="Globex" />
        <HostsList hosts={HOSTS} />
      </>,
      { data: { customers: CUSTOMERS } },
    );
    const grid = await screen.findByRole('grid', { name: 'Hosts' });
    expect(names(grid)).toEqual(['delta', 'alpha', 'charlie', 'bravo']);
    await user.click(screen.getByRole('button', { name: 'Pick Globex' }));
    await waitFor(() => expect(names(grid)).toEqual(['alpha', 'bravo']));
    expect(screen.getByText('2 hosts')).toBeTruthy();
  });
});

describe('the list kit: cursor and selection keys', () => {
  const target = () => commandTargetStore.get() as SelectionTarget<string> | null;
  const selected = (grid: HTMLElement) =>
    within(grid)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.getAttribute('aria-selected'));

  it('j/k move, x selects, Shift extends, Esc clears, Enter opens; the palette acts on the selection', async () => {
    const user = userEvent.setup();
    const { grid } = await renderHosts(<HostsList hosts={HOSTS} />);
    const rows = () => within(grid).getAllByRole('row').slice(1);

    await user.keyboard('j');
    await waitFor(() => expect(document.activeElement).toBe(rows()[0]));
    await user.keyboard('j');
    await waitFor(() => expect(document.activeElement).toBe(rows()[1]));
    await user.keyboard('k');
    await waitFor(() => expect(document.activeElement).toBe(rows()[0]));
    // Nothing selected: the palette acts on the focused row.
    expect(target()).toMatchObject({ kind: 'agents', ids: ['h1'], focusedId: 'h1' });

    await user.keyboard('x');
    expect(selected(grid)).toEqual(['true', 'false', 'false', 'false']);
    expect(within(rows()[0]!).getByRole('checkbox', { name: 'Select delta' })).toHaveProperty(
      'checked',
      true,
    );
    await user.keyboard('{Shift>}j{/Shift}');
    expect(selected(grid)).toEqual(['true', 'true', 'false', 'false']);
    await user.keyboard('j{Shift>}x{/Shift}');
    expect(selected(grid)).toEqual(['true', 'true', 'true', 'false']);
    expect(target()).toMatchObject({ ids: ['h1', 'h2', 'h3'], focusedId: 'h3' });

    await user.keyboard('{Escape}');
    expect(selected(grid)).toEqual(['false', 'false', 'false', 'false']);
    expect(target()).toMatchObject({ ids: ['h3'] });

    await user.keyboard('{Enter}');
    expect(screen.getByText('Opened charlie')).toBeTruthy();
  });

  it('a click on the checkbox selects the row too', async () => {
    const user = userEvent.setup();
    const { grid } = await renderHosts(<HostsList hosts={HOSTS} />);
    await user.click(screen.getByRole('checkbox', { name: 'Select bravo' }));
    expect(selected(grid)).toEqual(['false', 'false', 'false', 'true']);
  });
});

describe('the list kit: states', () => {
  it('says when there is nothing to list', async () => {
    signIn(network);
    await renderInShell(<HostsList hosts={[]} />, { data: { customers: CUSTOMERS } });
    expect((await screen.findByText('No hosts yet.')).getAttribute('role')).toBe('status');
    expect(screen.queryByRole('grid')).toBeNull();
  });

  it('shows a failed load with a retry that asks again', async () => {
    const user = userEvent.setup();
    let retried = 0;
    const failed: LoadState = {
      status: 'error',
      error: new ApiError(500, 'internal', 'boom'),
      reload: () => {
        retried++;
      },
    };
    signIn(network);
    await renderInShell(<HostsList hosts={[]} load={failed} />, { data: { customers: CUSTOMERS } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Unable to load hosts');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(retried).toBe(1);
  });

  it('says the list is not for this user, whether the screen knows it or the API refused', async () => {
    signIn(network);
    const { rerender } = await renderInShell(<HostsList hosts={HOSTS} allowed={false} />, {
      data: { customers: CUSTOMERS },
    });
    expect(await screen.findByText('You do not have permission to see this list.')).toBeTruthy();
    expect(screen.queryByRole('grid')).toBeNull();
    const refused: LoadState = {
      status: 'error',
      error: new ApiError(403, 'forbidden', 'Only provider staff can list hosts.'),
      reload: () => undefined,
    };
    rerender(<HostsList hosts={[]} load={refused} />);
    expect(screen.getByText('You do not have permission to see this list.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('puts the title, the count and the primary action in the header', async () => {
    await renderHosts(<HostsList hosts={HOSTS} />);
    const banner = screen.getByRole('heading', { level: 1, name: 'Hosts' }).closest('header')!;
    expect(within(banner).getByText('4 hosts')).toBeTruthy();
    expect(within(banner).getByRole('button', { name: 'New host' })).toBeTruthy();
  });

  it('keeps the count and the primary action without a title of its own on a panel', async () => {
    const { grid } = await renderHosts(<HostsList hosts={HOSTS} panel />);
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(screen.getByText('4 hosts')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New host' })).toBeTruthy();
    expect(names(grid)).toHaveLength(4);
  });
});
