// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { act, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CommandLayer } from '../../src/web/commands/CommandLayer.tsx';
import { overlayStore } from '../../src/web/commands/palette-store.ts';
import { REGISTRY } from '../../src/web/commands/registry.ts';
import { type ListKeysOptions, useListKeys } from '../../src/web/keyboard/use-list-keys.ts';
import { type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import { stubLayout } from './dom-layout.ts';
import { renderInShell } from './shell-harness.tsx';

let network: FakeNetwork;

stubLayout();

beforeEach(() => {
  network = freshNetwork({ unmatched: 'not-found' });
  signIn(network, { permissions: ['global_user', 'read_all'] });
  overlayStore.close();
});
afterEach(() => {
  vi.useRealTimers();
});

async function setup(extra: React.ReactNode = null) {
  const user = userEvent.setup();
  const view = await renderInShell(
    <>
      <button type="button">Before</button>
      <label>
        Notes
        <input type="text" />
      </label>
      {extra}
      <CommandLayer />
    </>,
  );
  return { user, ...view };
}

describe('g then a letter (DESIGN section 7)', () => {
  it.each([
    ['a', '/alerts'],
    ['c', '/cases'],
    ['d', '/'],
    ['v', '/vulnerabilities'],
    ['n', '/agents'],
    ['s', '/search'],
    ['r', '/reports'],
    ['t', '/threat'],
    ['u', '/users'],
    ['m', '/alerts/muted'],
    ['p', '/profile'],
    ['x', '/customers'],
    ['o', '/domains'],
  ])('g %s goes to %s', async (letter, path) => {
    const { user, location } = await setup();
    await user.keyboard(`g${letter}`);
    expect(location.history.at(-1)).toBe(path);
  });

  it('the letter must follow within 1 second', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { user, location } = await setup();
    await user.keyboard('g');
    vi.setSystemTime(Date.now() + 1_001);
    await user.keyboard('a');
    expect(location.history).toEqual(['/']);
    await user.keyboard('g');
    vi.setSystemTime(Date.now() + 900);
    await user.keyboard('a');
    expect(location.history.at(-1)).toBe('/alerts');
  });

  it('is ignored while typing in a text field', async () => {
    const { user, location } = await setup();
    await user.click(screen.getByRole('textbox', { name: 'Notes' }));
    await user.keyboard('ga?');
    expect(location.history).toEqual(['/']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('respects the access rules of the route', async () => {
    signIn(network, { user: { role_level: 'Customer' }, permissions: [] });
    const { user } = await setup();
    await user.keyboard('/');
    await user.keyboard('integr');
    const names = screen.queryAllByRole('option').map((o) => o.textContent);
    expect(names.some((n) => n?.startsWith('Integrations'))).toBe(false);
  });
});

describe('? lists every shortcut and command', () => {
  it('shows the registry grouped and translated, and Esc closes it with focus back', async () => {
    const { user } = await setup();
    const before = screen.getByRole('button', { name: 'Before' });
    await user.click(before);
    await user.keyboard('?');
    const dialog = screen.getByRole('dialog', { name: 'Keyboard shortcuts and commands' });
    const rows = [...dialog.querySelectorAll('[data-command-id]')].map((r) =>
      r.getAttribute('data-command-id'),
    );
    // Labs features this user has not switched on are not listed.
    expect(rows).toEqual(REGISTRY.filter((c) => !c.labs).map((c) => c.id));
    expect(rows).not.toContain('go.escalations');
    const headings = within(dialog)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(headings).toEqual([
      'General',
      'Go to a screen',
      'Lists',
      'On the alert list',
      'On an open alert',
      'On the dashboard',
      'Alerts (on the selected alerts)',
      'Cases (on the selected cases)',
      'Mutes (on the selected active mutes)',
      'Agents (on the selected agents)',
      'On the search screen',
      'Reports (on the reports list or an open report)',
      'On an integration',
      'Workflows',
      'Assistant',
    ]);
    const alertsRow = dialog.querySelector('[data-command-id="go.alerts"]')!;
    expect(alertsRow.textContent).toContain('Alerts');
    expect([...alertsRow.querySelectorAll('kbd')].map((k) => k.textContent)).toEqual(['G', 'A']);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await vi.waitFor(() => expect(document.activeElement).toBe(before));
  });

  it('/ from the overlay switches to the palette', async () => {
    const { user } = await setup();
    await user.keyboard('?');
    await user.keyboard('/');
    expect(screen.getByRole('dialog', { name: 'Command palette' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts and commands' })).toBeNull();
  });
});

function List({ count, onOpen, onBack }: { count: number; onOpen(i: number): void; onBack(): void }) {
  const [focused, setFocused] = useState<number | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  useListKeys({
    count,
    focused,
    setFocused,
    onToggle: (i) => setSelected((s) => (s.includes(i) ? s.filter((x) => x !== i) : [...s, i])),
    onExtend: (from, to) =>
      setSelected((s) => {
        const range = Array.from({ length: Math.abs(to - from) + 1 }, (_, k) => Math.min(from, to) + k);
        return [...new Set([...s, ...range])].sort();
      }),
    onOpen,
    onBack,
  });
  return (
    <output data-testid="list">
      {focused ?? '-'}|{selected.join(',')}
    </output>
  );
}

describe('useListKeys', () => {
  it('j/k move, x selects, Shift+j/k and Shift+x extend, Enter opens, Esc goes back', async () => {
    const onOpen = vi.fn();
    const onBack = vi.fn();
    const { user } = await setup(<List count={6} onOpen={onOpen} onBack={onBack} />);
    const state = () => screen.getByTestId('list').textContent;
    await user.keyboard('j');
    expect(state()).toBe('0|');
    await user.keyboard('jjk');
    expect(state()).toBe('1|');
    await user.keyboard('x');
    expect(state()).toBe('1|1');
    await user.keyboard('{Shift>}j{/Shift}');
    expect(state()).toBe('2|1,2');
    await user.keyboard('jj');
    await user.keyboard('{Shift>}x{/Shift}');
    expect(state()).toBe('4|1,2,3,4');
    await user.keyboard('jjjj');
    expect(state()).toBe('5|1,2,3,4');
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledWith(5);
    await user.keyboard('{Escape}');
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('leaves Enter to a focused button and every key to an open palette', async () => {
    const onOpen = vi.fn();
    const { user } = await setup(<List count={3} onOpen={onOpen} onBack={() => undefined} />);
    await user.keyboard('j');
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.keyboard('{Enter}');
    expect(onOpen).not.toHaveBeenCalled();
    await user.keyboard('/');
    await user.keyboard('j');
    expect(screen.getByTestId('list').textContent).toBe('0|');
  });

  it("turns the page at the ends, selects from the list's own anchor, and runs its screen keys", async () => {
    const onEdge = vi.fn((step: 1 | -1) => step === 1);
    const onExtend = vi.fn();
    const filter = vi.fn();
    const exportCsv = vi.fn();
    function Paged() {
      const [focused, setFocused] = useState<number | null>(2);
      useListKeys({
        count: 3,
        focused,
        setFocused,
        onEdge: (step) => {
          const turned = onEdge(step);
          if (turned) setFocused(0);
          return turned;
        },
        onExtend,
        anchor: 0,
        screenKeys: { 'alertList.filter': filter, 'alertList.export': exportCsv },
      });
      return <output data-testid="paged">{focused}</output>;
    }
    const { user } = await setup(<Paged />);
    const focused = () => screen.getByTestId('paged').textContent;
    await user.keyboard('{Shift>}x{/Shift}');
    expect(onExtend).toHaveBeenLastCalledWith(0, 2);
    await user.keyboard('j');
    expect(onEdge).toHaveBeenLastCalledWith(1);
    expect(focused()).toBe('0');
    await user.keyboard('k');
    expect(onEdge).toHaveBeenLastCalledWith(-1);
    expect(focused()).toBe('0');
    // f and e come from the registry (group alertList); u is not bound here, so it does nothing.
    await user.keyboard('feu');
    expect(filter).toHaveBeenCalledTimes(1);
    expect(exportCsv).toHaveBeenCalledTimes(1);
    // Typed into a text field, they are text.
    await user.click(screen.getByRole('textbox', { name: 'Notes' }));
    await user.keyboard('fe');
    expect(filter).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveProperty('value', 'fe');
  });

  it('? lists the alert list keys f, u and e under "On the alert list"', async () => {
    const { user } = await setup();
    await user.keyboard('?');
    const help = screen.getByRole('dialog', { name: 'Keyboard shortcuts and commands' });
    const section = within(help).getByRole('heading', { level: 3, name: 'On the alert list' }).parentElement!;
    const rows = [...section.querySelectorAll('tbody tr')].map((row) => [
      [...row.querySelectorAll('kbd')].map((k) => k.textContent).join(' '),
      row.querySelector('.help-overlay__label')?.textContent,
    ]);
    expect(rows).toEqual([
      ['F', 'Filter the alerts (go to the filter box)'],
      ['U', 'Update the selected alerts'],
      ['E', 'Export the listed alerts, or the selected ones, as CSV'],
    ]);
  });

  it('stops listening when unmounted', () => {
    const setFocused = vi.fn();
    const options: ListKeysOptions = { count: 3, focused: 0, setFocused };
    const { unmount } = renderHook(() => useListKeys(options));
    unmount();
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'j' }));
    });
    expect(setFocused).not.toHaveBeenCalled();
  });
});
