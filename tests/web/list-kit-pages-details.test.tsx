// @vitest-environment happy-dom
// The list kit (components/list) for the lists that need more than the plain one: rows' details
// in place, j/k turning the page, placeholder rows while loading, a selection the page keeps
// (across pages, "all N matching"), a list filtered and sorted its own way, hidden columns.
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMemo, useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { LoadState } from '../../src/web/api/loaded.ts';
import {
  type KeptSelection,
  ListScreen,
  type Paging,
  turnPage,
  useHiddenColumns,
  useList,
  useListControls,
  usePageRows,
} from '../../src/web/components/list/index.ts';
import {
  COLUMNS,
  HOSTS,
  type Host,
  idOf,
  LABELS,
  MANY,
  READY,
  renderHosts,
  withHostsHarness,
} from './list-kit-harness.tsx';

withHostsHarness();

/** A page's own selection: ids across pages, or every matching row. */
function useBulkSelection() {
  const [ids, setIds] = useState<ReadonlySet<string>>(() => new Set());
  const [all, setAll] = useState(false);
  const selection = useMemo(
    (): KeptSelection<string> => ({
      selected: ids,
      all,
      anchor: null,
      toggle: (id) => {
        setAll(false);
        setIds((current) => {
          const next = new Set(current);
          if (next.has(id)) next.delete(id);
          else next.add(id);
          return next;
        });
      },
      extend: (more) => setIds((current) => new Set([...current, ...more])),
      clear: () => {
        setAll(false);
        setIds(new Set());
      },
    }),
    [ids, all],
  );
  return { selection, selectAll: () => setAll(true) };
}

/** Hosts with details, pages turned by j/k, a kept selection and a column chooser. */
function BigHostsList({ hosts, load = READY }: { hosts: Host[]; load?: LoadState }) {
  const controls = useListControls();
  const { visible, toggle } = useHiddenColumns(
    'test.hosts.hidden',
    ['name', 'alerts', 'customer'],
    ['customer'],
  );
  const columns = COLUMNS.filter((c) => visible.includes(c.key as 'name'));
  // Filtered and ordered its own way (here: by name, descending), then paged by the kit.
  const ordered = useMemo(() => [...hosts].sort((a, b) => b.name.localeCompare(a.name)), [hosts]);
  const { pageRows, total } = usePageRows(load.status === 'ready' ? ordered : [], controls);
  const paging: Paging = { kind: 'numbered', total };
  const { selection, selectAll } = useBulkSelection();
  const list = useList({
    rows: pageRows,
    rowId: idOf,
    keptSelection: selection,
    details: (h) => [{ label: 'Alerts raised', value: String(h.alerts) }],
    onEdge: (step) => turnPage(controls, paging, step),
  });
  return (
    <ListScreen
      title="Hosts"
      count={`${total} hosts`}
      actions={
        <>
          <button type="button" onClick={selectAll}>
            Select all {total}
          </button>
          <button type="button" onClick={() => toggle('customer')}>
            Customer column
          </button>
        </>
      }
      label="Hosts"
      columns={columns}
      rows={pageRows}
      list={list}
      controls={controls}
      paging={paging}
      load={load}
      labels={LABELS}
      selectLabel={(h) => `Select ${h.name}`}
      rowName={(h) => h.name}
      rowData={(h) => ({ host: h.id })}
    />
  );
}

const dataRows = (grid: HTMLElement) => within(grid).getAllByRole('row').slice(1);
const firstCells = (grid: HTMLElement) =>
  dataRows(grid).map((row) => within(row).getAllByRole('gridcell')[1]?.textContent);

describe('the list kit: details, page turns, placeholders', () => {
  it("d and the row's button open and close its details in place, and the row grows", async () => {
    const user = userEvent.setup();
    const { grid } = await renderHosts(<BigHostsList hosts={HOSTS} />);
    const row = () => dataRows(grid)[0]!;
    const height = row().style.height;
    await user.keyboard('jd');
    expect(within(row()).getByRole('gridcell', { name: 'Details' }).textContent).toContain('Alerts raised');
    expect(within(row()).getByRole('button', { name: 'Hide details of delta' })).toBeTruthy();
    expect(row().style.height).not.toBe(height);
    await user.keyboard('d');
    expect(within(row()).queryByRole('gridcell', { name: 'Details' })).toBeNull();
    await user.click(within(row()).getByRole('button', { name: 'Show details of delta' }));
    expect(within(row()).getByRole('gridcell', { name: 'Details' })).toBeTruthy();
  });

  it('j on the last row turns to the next page and its first row; k on the first goes back to the last', async () => {
    const user = userEvent.setup();
    const { grid } = await renderHosts(<BigHostsList hosts={MANY} />);
    expect(firstCells(grid)[0]).toBe('host-30');
    for (let i = 0; i < 10; i++) await user.keyboard('j');
    await waitFor(() => expect(document.activeElement).toBe(dataRows(grid)[9]));
    await user.keyboard('j');
    await waitFor(() => expect(firstCells(grid)[0]).toBe('host-20'));
    await waitFor(() => expect(document.activeElement).toBe(dataRows(grid)[0]));
    expect(screen.getByRole('navigation', { name: 'Pages' }).textContent).toContain('11–20 of 30');
    await user.keyboard('k');
    await waitFor(() => expect(firstCells(grid)[0]).toBe('host-30'));
    await waitFor(() => expect(document.activeElement).toBe(dataRows(grid)[9]));
  });

  it('shows ten placeholder rows and says it is busy while the rows load', async () => {
    const loading: LoadState = { status: 'loading', error: null, reload: () => undefined };
    const { grid, container, rerender } = await renderHosts(<BigHostsList hosts={HOSTS} load={loading} />);
    expect(grid.getAttribute('aria-busy')).toBe('true');
    expect(container.querySelectorAll('.list-grid__row--placeholder')).toHaveLength(10);
    rerender(<BigHostsList hosts={HOSTS} />);
    await waitFor(() => expect(grid.getAttribute('aria-busy')).toBe('false'));
    expect(container.querySelectorAll('.list-grid__row--placeholder')).toHaveLength(0);
    expect(dataRows(grid)).toHaveLength(4);
  });
});

describe('the list kit: a selection the page keeps', () => {
  const selected = (grid: HTMLElement) => dataRows(grid).map((r) => r.getAttribute('aria-selected'));

  it('keeps rows selected on another page, and "all" selects every row on every page', async () => {
    const user = userEvent.setup();
    const { grid } = await renderHosts(<BigHostsList hosts={MANY} />);
    await user.keyboard('jx');
    expect(selected(grid)[0]).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(firstCells(grid)[0]).toBe('host-20'));
    expect(selected(grid).every((s) => s === 'false')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(selected(grid)[0]).toBe('true'));

    await user.click(screen.getByRole('button', { name: 'Select all 30' }));
    expect(selected(grid).every((s) => s === 'true')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(firstCells(grid)[0]).toBe('host-20'));
    expect(selected(grid).every((s) => s === 'true')).toBe(true);
    // Esc clears it all.
    act(() => (document.activeElement as HTMLElement | null)?.blur());
    await user.keyboard('{Escape}');
    expect(selected(grid).every((s) => s === 'false')).toBe(true);
  });
});

describe('the list kit: hidden columns', () => {
  it('hides the columns chosen, and remembers the choice for the next visit', async () => {
    localStorage.removeItem('test.hosts.hidden');
    const user = userEvent.setup();
    const { unmount } = await renderHosts(<BigHostsList hosts={HOSTS} />);
    expect(screen.queryByRole('columnheader', { name: /^Customer/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Customer column' }));
    expect(screen.getByRole('columnheader', { name: /^Customer/ })).toBeTruthy();
    unmount();
    await renderHosts(<BigHostsList hosts={HOSTS} />);
    expect(screen.getByRole('columnheader', { name: /^Customer/ })).toBeTruthy();
  });
});
