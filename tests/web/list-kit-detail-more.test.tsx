// @vitest-environment happy-dom
// The list kit (components/list): a row's own detail at its own height, and a list that loads more at its end.
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useCallback, useMemo, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ListGrid, type ListRowDetail, ROW_HEIGHT, useList } from '../../src/web/components/list/index.ts';
import { COLUMNS, type Host, idOf, renderHosts, withHostsHarness } from './list-kit-harness.tsx';

withHostsHarness();

const DETAIL_HEIGHT = 100;

/** Sixty hosts the "server" hands out twenty at a time. */
const ALL: Host[] = Array.from({ length: 60 }, (_, i) => ({
  id: `e${i + 1}`,
  name: `host-${String(i + 1).padStart(2, '0')}`,
  alerts: i,
  customerId: 'c',
}));
const PAGE = 20;

/** A list built as the log search's is: Enter shows a row's detail, and more rows come at the end. */
function GrowingHosts({ onAsk }: { onAsk(): void }) {
  const [loaded, setLoaded] = useState(PAGE);
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const rows = useMemo(() => ALL.slice(0, loaded), [loaded]);
  const toggle = useCallback(
    (host: Host) =>
      setOpen((current) => {
        const next = new Set(current);
        if (!next.delete(host.id)) next.add(host.id);
        return next;
      }),
    [],
  );
  const list = useList({ rows, rowId: idOf, onOpen: toggle });
  const detail = useMemo(
    (): ListRowDetail<Host> => ({
      open: (host) => open.has(host.id),
      height: () => DETAIL_HEIGHT,
      render: (host) => <p>Details of {host.name}</p>,
    }),
    [open],
  );
  const more = useCallback(() => {
    onAsk();
    setLoaded((n) => Math.min(ALL.length, n + PAGE));
  }, [onAsk]);
  return (
    <ListGrid
      label="Hosts"
      columns={COLUMNS.map(({ sortable: _, ...column }) => column)}
      rows={rows}
      list={list}
      detail={detail}
      onNearEnd={more}
    />
  );
}

describe('the list kit: row details and loading more at the end', () => {
  it('Enter shows the focused row’s detail under its cells, the row as tall as both, and hides it again', async () => {
    const user = userEvent.setup();
    const { grid } = await renderHosts(<GrowingHosts onAsk={() => undefined} />);
    const row = (name: string) =>
      within(grid)
        .getAllByRole('row')
        .find((r) => r.textContent?.includes(name)) as HTMLElement;

    await user.keyboard('j');
    await waitFor(() => expect(document.activeElement).toBe(row('host-01')));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(row('host-01')).getByText('Details of host-01')).toBeTruthy());
    expect(row('host-01').style.height).toBe(`${ROW_HEIGHT + DETAIL_HEIGHT}px`);
    expect(row('host-02').style.height).toBe(`${ROW_HEIGHT}px`);
    expect(within(row('host-02')).queryByText('Details of host-02')).toBeNull();

    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByText('Details of host-01')).toBeNull());
    expect(row('host-01').style.height).toBe(`${ROW_HEIGHT}px`);
  });

  it('asks for more rows when the rows drawn near the last one loaded, and not before', async () => {
    let asked = 0;
    const { grid } = await renderHosts(<GrowingHosts onAsk={() => asked++} />);
    // Twenty rows, sixteen in view: the end is near at once, so the next twenty come.
    await waitFor(() => expect(grid.getAttribute('aria-rowcount')).toBe('41'));
    expect(asked).toBe(1);

    // Scrolled to the end of those forty, the last twenty come.
    const scroller = within(grid).getByRole('rowgroup');
    scroller.scrollTop = 30 * ROW_HEIGHT;
    fireEvent.scroll(scroller);
    await waitFor(() => expect(grid.getAttribute('aria-rowcount')).toBe('61'));
    expect(asked).toBe(2);
  });
});
