// @vitest-environment happy-dom
import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router, useRouter } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import i18next from '../../src/web/i18n/index.ts';
import {
  useIsActivePage,
  useReplacePageAddress,
  useTitleCount,
} from '../../src/web/shell/navigation/active-page.ts';
import { DocumentTitle } from '../../src/web/shell/navigation/DocumentTitle.tsx';
import { CACHED_PAGES, touch } from '../../src/web/shell/navigation/lru.ts';
import { PageCache } from '../../src/web/shell/navigation/PageCache.tsx';
import { beginRouteLoad, routeLoading, SLOW_ROUTE_MS } from '../../src/web/shell/navigation/route-loading.ts';
import { matchLocation } from '../../src/web/shell/navigation/route-match.ts';
import { formatTitle } from '../../src/web/shell/navigation/title.ts';
import './shell-harness.tsx';

function Counted({ count }: { count: number | null }) {
  useTitleCount(count);
  return null;
}

function Match({ path }: { path: string }) {
  const { parser } = useRouter();
  const match = matchLocation(parser, path);
  return <output>{`${match.name} ${JSON.stringify(match.params)}`}</output>;
}

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  const active = useIsActivePage();
  return (
    <button type="button" onClick={() => setCount(count + 1)} data-active={active}>
      {label} {count}
    </button>
  );
}

describe('tab title (spec 1, section 2.1)', () => {
  it('is (count) route | product, the count optional, the suffix alone without a route name', () => {
    expect(formatTitle('Alerts', 12, 'Watchfloor')).toBe('(12) Alerts | Watchfloor');
    expect(formatTitle('Alerts', null, 'Watchfloor')).toBe('Alerts | Watchfloor');
    expect(formatTitle('Alerts', 0, 'Watchfloor')).toBe('(0) Alerts | Watchfloor');
    expect(formatTitle('Alerts', 15_300, 'Watchfloor')).toBe('(15.3K) Alerts | Watchfloor');
    expect(formatTitle(null, 12, 'Watchfloor')).toBe('Watchfloor');
  });

  function renderTitle(path: string, count: number | null = null) {
    const { hook } = memoryLocation({ path });
    return render(
      <Router hook={hook}>
        <DocumentTitle />
        <Counted count={count} />
      </Router>,
    );
  }

  it('follows the route, its count and the language', async () => {
    const view = renderTitle('/alerts', 12);
    expect(document.title).toBe('(12) Alerts | Watchfloor');
    view.rerender(
      <Router hook={memoryLocation({ path: '/alerts' }).hook}>
        <DocumentTitle />
        <Counted count={null} />
      </Router>,
    );
    expect(document.title).toBe('Alerts | Watchfloor');
    await act(() => i18next.changeLanguage('de-DE'));
    expect(document.title).toBe('Warnungen | Watchfloor');
    await act(() => i18next.changeLanguage('en-GB'));
  });

  it('names unknown paths page not found', () => {
    renderTitle('/no/such/page');
    expect(document.title).toBe('Page not found | Watchfloor');
  });

  it('shows only the suffix for a route without a translation', () => {
    const bundle = i18next.getResourceBundle('en-GB', 'routes') as Record<string, string>;
    const saved = bundle.reports;
    delete bundle.reports;
    try {
      renderTitle('/reports', 4);
      expect(document.title).toBe('Watchfloor');
    } finally {
      bundle.reports = saved!;
    }
  });
});

describe('route table matching', () => {
  const matched = (path: string) => {
    const view = render(<Match path={path} />);
    const text = view.container.textContent;
    view.unmount();
    return text;
  };

  it('finds each screen and its parameters', () => {
    expect(matched('/')).toBe('dashboard {}');
    expect(matched('/alerts/muted')).toBe('mute-conditions {}');
    expect(matched('/alerts/42')).toMatch(/^alert /);
    expect(matched('/alerts/42')).toContain('"id":"42"');
    expect(matched('/search')).toMatch(/^search /);
    expect(matched('/search/job-1')).toContain('"id":"job-1"');
    expect(matched('/workflows/templates')).toMatch(/^workflow_templates /);
    expect(matched('/domains/d1/evil-example.com')).toContain('"name":"evil-example.com"');
    expect(matched('/error/500')).toMatch(/^error_500 /);
    expect(matched('/nope')).toBe('error_400 {}');
  });
});

describe('navigation markers (spec 1, sections 2.1 and 2.2)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sets the wait cursor and the loading-route marker until the route finishes', () => {
    const end = beginRouteLoad('alerts');
    expect(document.documentElement.dataset.loadingRoute).toBe('alerts');
    expect(document.body.classList.contains('is-route-loading')).toBe(true);
    expect(routeLoading.get()).toEqual({ loading: 'alerts', slow: false });
    vi.advanceTimersByTime(SLOW_ROUTE_MS);
    expect(routeLoading.get()).toEqual({ loading: 'alerts', slow: true });
    end();
    expect(document.documentElement.dataset.loadingRoute).toBeUndefined();
    expect(document.body.classList.contains('is-route-loading')).toBe(false);
    expect(routeLoading.get()).toEqual({ loading: null, slow: false });
  });

  it('a newer navigation owns the markers', () => {
    const first = beginRouteLoad('alerts');
    const second = beginRouteLoad('cases');
    first();
    expect(document.documentElement.dataset.loadingRoute).toBe('cases');
    second();
    expect(document.documentElement.dataset.loadingRoute).toBeUndefined();
  });
});

describe('page cache (spec 1, section 2.2)', () => {
  it('keeps the 10 most recently visited addresses', () => {
    let list: { key: string }[] = [];
    for (let i = 1; i <= 12; i++) list = touch(list, { key: `/p${i}` });
    expect(CACHED_PAGES).toBe(10);
    expect(list.map((p) => p.key)).toEqual([
      '/p3',
      '/p4',
      '/p5',
      '/p6',
      '/p7',
      '/p8',
      '/p9',
      '/p10',
      '/p11',
      '/p12',
    ]);
    list = touch(list, { key: '/p5' });
    expect(list.at(-1)!.key).toBe('/p5');
    expect(list).toHaveLength(10);
  });

  it('restores a visited page as it was left, hidden meanwhile', async () => {
    const location = memoryLocation({ path: '/alerts' });
    render(
      <Router hook={location.hook}>
        <PageCache render={(page) => <Counter label={page.name} />} />
      </Router>,
    );
    act(() => screen.getByRole('button', { name: 'alerts 0' }).click());
    act(() => location.navigate('/cases'));
    expect(screen.getByRole('button', { name: 'cases 0' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /alerts/ })).toBeNull();
    const hidden = document.querySelector('[data-page="/alerts"]')!;
    expect(hidden.hasAttribute('hidden')).toBe(true);
    expect(hidden.querySelector('button')!.dataset.active).toBe('false');
    act(() => location.navigate('/alerts'));
    expect(screen.getByRole('button', { name: 'alerts 1' }).dataset.active).toBe('true');
    for (let i = 0; i < 10; i++) act(() => location.navigate(`/agents/${i}`));
    expect(document.querySelectorAll('[data-page]')).toHaveLength(10);
    expect(document.querySelector('[data-page="/alerts"]')).toBeNull();
  });

  it('keeps a page that replaces its own address, and files it under the new one', () => {
    const location = memoryLocation({ path: '/search', record: true });
    function Mover() {
      const [n, setN] = useState(0);
      const replace = useReplacePageAddress();
      return (
        <button
          type="button"
          onClick={() => {
            setN((v) => v + 1);
            replace(`/search/job-${n + 1}`);
          }}
        >
          {`moved ${n}`}
        </button>
      );
    }
    render(
      <Router hook={location.hook}>
        <PageCache render={(page) => (page.name === 'search' ? <Mover /> : <Counter label={page.name} />)} />
      </Router>,
    );
    act(() => screen.getByRole('button', { name: 'moved 0' }).click());
    act(() => screen.getByRole('button', { name: 'moved 1' }).click());
    // One page, still counting, now at the second search's address; no history entry per move.
    expect(screen.getByRole('button', { name: 'moved 2' })).toBeTruthy();
    expect([...document.querySelectorAll('[data-page]')].map((p) => p.getAttribute('data-page'))).toEqual([
      '/search/job-2',
    ]);
    expect(location.history).toEqual(['/search/job-2']);
    // Going elsewhere and back to that address shows the page as it was left.
    act(() => location.navigate('/alerts'));
    act(() => location.navigate('/search/job-2'));
    expect(screen.getByRole('button', { name: 'moved 2' })).toBeTruthy();
    // A plain visit of another address mounts a page of its own.
    act(() => location.navigate('/search/job-1'));
    expect(screen.getByRole('button', { name: 'moved 0' })).toBeTruthy();
  });
});
