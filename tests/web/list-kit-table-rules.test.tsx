// @vitest-environment happy-dom
// The list kit (components/list): the sort cycle, page sizes, numbered and keyset pages, the customer filter.
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { asLoaded } from '../../src/web/api/loaded.ts';
import { ListScreen, useList, useListControls } from '../../src/web/components/list/index.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import {
  ACME,
  COLUMNS,
  CUSTOMERS,
  GLOBEX,
  HOSTS,
  HostsList,
  header,
  idOf,
  LABELS,
  MANY,
  names,
  network,
  Pick,
  range,
  renderHosts,
  withHostsHarness,
} from './list-kit-harness.tsx';
import { renderInShell } from './shell-harness.tsx';

withHostsHarness();

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
