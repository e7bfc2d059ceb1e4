/**
 * The list kit's test harness: a "Hosts" list built from the kit, its rows and columns, and the
 * shell around it. Importing it sets up the layout stub, the key dispatcher and a fresh fake
 * network per test; the fake network goes in before the client captures fetch.
 */
import '../helpers/fake-network.ts';
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach } from 'vitest';
import type { LoadState } from '../../src/web/api/loaded.ts';
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
import { stubLayout } from './dom-layout.ts';
import { withKeyDispatcher } from './keyboard-harness.ts';
import { customer, renderInShell } from './shell-harness.tsx';

export interface Host {
  id: string;
  name: string;
  alerts: number;
  customerId: string;
}

export const ACME = '00000000-0000-4000-8000-00000000000a';
export const GLOBEX = '00000000-0000-4000-8000-00000000000b';
export const CUSTOMERS = [customer('Acme Corp', ACME), customer('Globex', GLOBEX)];
export const customerName = (id: string) => CUSTOMERS.find((c) => c.customer_id === id)?.name ?? id;

/** Hosts in the order the API gives them: neither by name nor by alerts. */
export const HOSTS: Host[] = [
  { id: 'h1', name: 'delta', alerts: 3, customerId: ACME },
  { id: 'h2', name: 'alpha', alerts: 10, customerId: GLOBEX },
  { id: 'h3', name: 'charlie', alerts: 1, customerId: ACME },
  { id: 'h4', name: 'bravo', alerts: 7, customerId: GLOBEX },
];

/** Thirty hosts, host-01 to host-30, half Acme's and half Globex's. */
export const MANY: Host[] = Array.from({ length: 30 }, (_, i) => ({
  id: `m${i + 1}`,
  name: `host-${String(i + 1).padStart(2, '0')}`,
  alerts: i,
  customerId: i % 2 ? GLOBEX : ACME,
}));

export const COLUMNS: ListColumn<Host>[] = [
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
export const idOf = (h: Host) => h.id;
export const customerOf = (h: Host) => h.customerId;
export const LABELS = {
  empty: 'No hosts yet.',
  loadFailed: 'Unable to load hosts',
  retry: 'Try again',
  loading: 'Loading…',
};
export const READY: LoadState = { status: 'ready', error: null, reload: () => undefined };

/** A list screen as a page builds it from the kit: whole rows from the API, paged in the browser. */
export function HostsList({
  hosts,
  load = READY,
  allowed,
  panel = false,
  acrossPages = false,
}: {
  hosts: Host[];
  load?: LoadState;
  allowed?: boolean;
  /** Under a page's own title and tabs: no title of its own. */
  panel?: boolean;
  /** The selection holds every matching host, not only the page's, with a "Select all" button. */
  acrossPages?: boolean;
}) {
  const controls = useListControls();
  const [opened, setOpened] = useState<string | null>(null);
  const { pageRows, total } = useClientRows(hosts, COLUMNS, controls, { customersOf: customerOf });
  const list = useList({
    rows: pageRows,
    ...(acrossPages && { matching: hosts }),
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
        <>
          <button type="button" className="button button--primary">
            New host
          </button>
          {acrossPages && (
            <button type="button" className="button" onClick={list.selectAll}>
              Select all {total}
            </button>
          )}
        </>
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
      before={
        <>
          {opened && <p>Opened {opened}</p>}
          {list.selected.size > 0 && <p>{list.selected.size} selected</p>}
        </>
      }
    />
  );
}

/** The top bar's customer filter, as a button that picks one customer. */
export function Pick({ id, name }: { id: string; name: string }) {
  const { toggle } = useSelectedCustomers();
  return (
    <button type="button" onClick={() => toggle(id)}>
      Pick {name}
    </button>
  );
}

export let network: FakeNetwork;
/**
 * For the test file that calls it: the layout stubs and the key dispatcher, and before each test a
 * fresh network and no command target.
 */
export function withHostsHarness() {
  stubLayout();
  withKeyDispatcher();
  beforeEach(() => {
    network = freshNetwork({ unmatched: 'not-found' });
    commandTargetStore.set(null);
  });
}

export async function renderHosts(ui: React.ReactElement, attributes: Record<string, unknown> = {}) {
  signIn(network, { attributes });
  const view = await renderInShell(ui, { data: { customers: CUSTOMERS } });
  const grid = await screen.findByRole('grid', { name: 'Hosts' });
  return { ...view, grid };
}

/** The data rows' first cells (the header row is the grid's first row). */
export const names = (grid: HTMLElement) =>
  within(grid)
    .getAllByRole('row')
    .slice(1)
    .map(
      (row) =>
        within(row)
          .getAllByRole('gridcell')
          .find((cell) => !within(cell).queryByRole('checkbox'))?.textContent,
    );
export const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });
export const range = () => screen.getByRole('navigation', { name: 'Pages' }).textContent;
