// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '../../src/web/session/types.ts';
import { useSession } from '../../src/web/session/use-session.ts';
import { applyTheme, resolveTheme } from '../../src/web/shell/theme/resolve-theme.ts';
import { ThemeSync } from '../../src/web/shell/theme/ThemeSync.tsx';
import { Ticker } from '../../src/web/shell/ticker/Ticker.tsx';
import { ToastArea } from '../../src/web/shell/toasts/ToastArea.tsx';
import { type NotifyOptions, ToastsProvider, useToasts } from '../../src/web/shell/toasts/ToastsProvider.tsx';
import './shell-harness.tsx';
import { type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { renderSignedIn, signIn } from '../helpers/signed-in-session.tsx';

let network: FakeNetwork;
beforeEach(() => {
  network = freshNetwork({ unmatched: 'not-found' });
});

let notify: (options: NotifyOptions) => void = () => undefined;
function Notifier() {
  notify = useToasts().notify;
  return null;
}

function renderToasts(children: ReactNode = <ToastArea />) {
  return renderSignedIn(
    <ToastsProvider>
      <Notifier />
      {children}
    </ToastsProvider>,
  );
}

describe('toasts', () => {
  beforeEach(() => {
    signIn(network, { user: { email: 'Ana.Analyst@Example.com ' } });
  });

  it('shows the last 4, closes by hand and keeps the last 20 with the session', async () => {
    const user = userEvent.setup();
    await renderToasts();
    act(() => {
      for (let i = 1; i <= 6; i++) notify({ title: `Toast ${i}`, message: `Message ${i}`, autoClose: false });
    });
    const titles = () => [...document.querySelectorAll('.toast__title')].map((t) => t.textContent);
    expect(titles()).toEqual(['Toast 3', 'Toast 4', 'Toast 5', 'Toast 6']);
    await user.click(screen.getAllByRole('button', { name: 'Dismiss notification' })[3]!);
    expect(titles()).toEqual(['Toast 2', 'Toast 3', 'Toast 4', 'Toast 5']);
    const stored = JSON.parse(localStorage.getItem('watchfloor.notifications')!) as {
      title: string;
      user: string;
    }[];
    expect(stored.map((n) => n.title)).toEqual([
      'Toast 1',
      'Toast 2',
      'Toast 3',
      'Toast 4',
      'Toast 5',
      'Toast 6',
    ]);
    expect(stored[0]!.user).toBe('Ana.Analyst@Example.com ');
  });

  it('announces danger at once and closes toasts after 10000 ms', async () => {
    await renderToasts();
    vi.useFakeTimers();
    try {
      act(() => notify({ severity: 'danger', title: 'Isolation failed', message: 'Agent offline' }));
      expect(screen.getByRole('alert').textContent).toContain('Isolation failed');
      act(() => vi.advanceTimersByTime(9_999));
      expect(screen.queryByRole('alert')).not.toBeNull();
      act(() => vi.advanceTimersByTime(1));
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('removes the toasts when their host goes away', async () => {
    const view = await renderToasts();
    act(() => notify({ title: 'Saved', message: '' }));
    expect(document.querySelectorAll('.toast')).toHaveLength(1);
    view.rerender(
      <ToastsProvider>
        <Notifier />
      </ToastsProvider>,
    );
    view.rerender(
      <ToastsProvider>
        <Notifier />
        <ToastArea />
      </ToastsProvider>,
    );
    expect(document.querySelectorAll('.toast')).toHaveLength(0);
  });
});

describe('<Ticker>', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fires every 150000 ms by default, and not while disabled', () => {
    const onTick = vi.fn();
    const view = render(<Ticker onTick={onTick} />);
    act(() => vi.advanceTimersByTime(149_999));
    expect(onTick).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onTick).toHaveBeenCalledOnce();
    view.rerender(<Ticker onTick={onTick} disabled />);
    act(() => vi.advanceTimersByTime(600_000));
    expect(onTick).toHaveBeenCalledOnce();
    view.rerender(<Ticker onTick={onTick} interval={1000} />);
    act(() => vi.advanceTimersByTime(3_000));
    expect(onTick).toHaveBeenCalledTimes(4);
  });
});

describe('theme (spec 1, section 4.2)', () => {
  it('takes light or dark from the user, else the operating system', () => {
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
    expect(resolveTheme('match-browser', true)).toBe('dark');
    expect(resolveTheme(undefined, false)).toBe('light');
    applyTheme('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });
});

describe('<ThemeSync>', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('follows the operating-system preference while the user has none', async () => {
    let dark = false;
    const listeners = new Set<(event: { matches: boolean }) => void>();
    vi.stubGlobal('matchMedia', (query: string) => ({
      media: query,
      get matches() {
        return dark;
      },
      addEventListener: (_: string, listener: (event: { matches: boolean }) => void) =>
        listeners.add(listener),
      removeEventListener: (_: string, listener: (event: { matches: boolean }) => void) =>
        listeners.delete(listener),
    }));
    signIn(network, { attributes: { theme: 'match-browser' } });
    let session: Session | null = null;
    function SessionProbe() {
      session = useSession();
      return null;
    }
    await renderSignedIn(
      <>
        <SessionProbe />
        <ThemeSync />
      </>,
    );
    expect(document.documentElement.dataset.theme).toBe('light');
    act(() => {
      dark = true;
      for (const listener of listeners) listener({ matches: true });
    });
    expect(document.documentElement.dataset.theme).toBe('dark');

    // The user saves a theme: the page follows it, not the operating system.
    await act(() => session!.saveSettings({ theme: 'light' }));
    expect(network.callsTo('put', '/api/portal/v1/settings/').map((c) => c.body)).toEqual([
      { theme: 'light' },
    ]);
    expect(document.documentElement.dataset.theme).toBe('light');
  });
});
