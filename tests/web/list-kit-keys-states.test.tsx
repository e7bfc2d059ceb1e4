// @vitest-environment happy-dom
// The list kit (components/list): cursor and selection keys, and the loading, empty, error and no-permission states.
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/web/api/errors.ts';
import type { LoadState } from '../../src/web/api/loaded.ts';
import { commandTargetStore, type SelectionTarget } from '../../src/web/commands/target.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import {
  CUSTOMERS,
  HOSTS,
  HostsList,
  MANY,
  names,
  network,
  renderHosts,
  withHostsHarness,
} from './list-kit-harness.tsx';
import { renderInShell } from './shell-harness.tsx';

withHostsHarness();

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

  it('Space on a focused row selects it, as x does', async () => {
    const user = userEvent.setup();
    const { grid } = await renderHosts(<HostsList hosts={HOSTS} />);
    const rows = () => within(grid).getAllByRole('row').slice(1);
    await user.keyboard('jj');
    await waitFor(() => expect(document.activeElement).toBe(rows()[1]));
    await user.keyboard(' ');
    expect(selected(grid)).toEqual(['false', 'true', 'false', 'false']);
    await user.keyboard(' ');
    expect(selected(grid)).toEqual(['false', 'false', 'false', 'false']);
  });

  it('the arrows move between rows as j and k do', async () => {
    const user = userEvent.setup();
    const { grid } = await renderHosts(<HostsList hosts={HOSTS} />);
    const rows = () => within(grid).getAllByRole('row').slice(1);
    await user.keyboard('j');
    await waitFor(() => expect(document.activeElement).toBe(rows()[0]));
    await user.keyboard('{ArrowDown}{ArrowDown}');
    await waitFor(() => expect(document.activeElement).toBe(rows()[2]));
    await user.keyboard('{ArrowUp}');
    await waitFor(() => expect(document.activeElement).toBe(rows()[1]));
  });

  it('selects every matching row across pages when the list says which match, and keeps them while paging', async () => {
    const user = userEvent.setup();
    const { grid } = await renderHosts(<HostsList hosts={MANY} acrossPages />);
    await user.click(screen.getByRole('button', { name: 'Select all 30' }));
    expect(screen.getByText('30 selected')).toBeTruthy();
    expect(selected(grid)).toEqual(Array(10).fill('true'));
    expect(target()?.ids).toHaveLength(30);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(names(grid)[0]).toBe('host-11'));
    expect(selected(grid)).toEqual(Array(10).fill('true'));
    expect(screen.getByText('30 selected')).toBeTruthy();
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
