// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../src/api/schema.d.ts';
import { UpdatesPage } from '../../src/web/features/updates/UpdatesPage.tsx';
import { type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import { stubLayout } from './dom-layout.ts';
import { renderInShell } from './shell-harness.tsx';

stubLayout();

type PlatformUpdate = components['schemas']['PlatformUpdate'];
const UPDATES = '/api/updates/v1/updates/';
const SEEN_AT = '2026-02-01T00:00:00.000Z';

const update = (id: number, title: string, publishedAt: string): PlatformUpdate => ({
  id,
  title,
  body: `## ${title}\n\nThe **details** of ${title}.`,
  category: 'maintenance',
  created_at: publishedAt,
  updated_at: publishedAt,
  published_at: publishedAt,
});

let network: FakeNetwork;
beforeEach(() => {
  network = freshNetwork({ unmatched: 'not-found' });
  signIn(network, { attributes: { updates_seen_at: SEEN_AT, default_page_size: 25 } });
  network.on('get', UPDATES, (call) => {
    const query = call.query.get('query');
    const all = [
      update(2, 'Maintenance window', '2026-03-01T00:00:00.000Z'),
      update(1, 'Agent 7.2 released', '2026-01-01T00:00:00.000Z'),
    ].filter((u) => !query || u.title.toLowerCase().includes(query.toLowerCase()));
    return { status: 200 as const, body: { total: all.length + 40, updates: all } };
  });
});

const rows = (grid: HTMLElement) => within(grid).getAllByRole('row').slice(1);

describe('the platform updates page', () => {
  it('lists the updates with their link, the new mark, category and summary, paged by the server', async () => {
    await renderInShell(<UpdatesPage params={{}} route="updates" />, { path: '/updates' });
    const grid = await screen.findByRole('grid', { name: 'Platform updates' });
    const [newer, older] = rows(grid);
    expect(within(newer!).getByRole('link', { name: 'Maintenance window' }).getAttribute('href')).toBe(
      '/updates/2',
    );
    // Published after the user last opened the list: new; the older one is not.
    expect(within(newer!).getByText('New')).toBeTruthy();
    expect(within(older!).queryByText('New')).toBeNull();
    expect(within(newer!).getByText('Maintenance')).toBeTruthy();
    expect(within(newer!).getByText('The details of Maintenance window.')).toBeTruthy();
    expect(screen.getByText('42 updates')).toBeTruthy();
    // The user's page size is what the server is asked for, from the first update.
    const asked = network.callsTo('get', UPDATES)[0]!.query;
    expect(asked.get('batch_size')).toBe('25');
    expect(asked.get('offset')).toBe('0');
  });

  it('asks the server for the next page and for the search, which starts again at page 1', async () => {
    const user = userEvent.setup();
    await renderInShell(<UpdatesPage params={{}} route="updates" />, { path: '/updates' });
    await screen.findByRole('grid', { name: 'Platform updates' });
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(network.callsTo('get', UPDATES).at(-1)!.query.get('offset')).toBe('25'));

    await user.type(screen.getByRole('searchbox', { name: 'Search updates' }), 'agent');
    await waitFor(() => expect(network.callsTo('get', UPDATES).at(-1)!.query.get('query')).toBe('agent'));
    expect(network.callsTo('get', UPDATES).at(-1)!.query.get('offset')).toBe('0');
    const grid = screen.getByRole('grid', { name: 'Platform updates' });
    await waitFor(() => expect(rows(grid)).toHaveLength(1));
    expect(within(grid).getByRole('link', { name: 'Agent 7.2 released' })).toBeTruthy();
  });

  it('asks the server for each column ascending, descending, then its own order, from page 1', async () => {
    const user = userEvent.setup();
    await renderInShell(<UpdatesPage params={{}} route="updates" />, { path: '/updates' });
    const grid = await screen.findByRole('grid', { name: 'Platform updates' });
    const last = () => network.callsTo('get', UPDATES).at(-1)!.query;
    const header = (name: string) => within(grid).getByRole('columnheader', { name: new RegExp(name) });
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(last().get('offset')).toBe('25'));

    // The summary is the start of the text: the server sorts it by the text.
    for (const [column, sort] of [
      ['Title', 'title'],
      ['Category', 'category'],
      ['Published', 'published'],
      ['Summary', 'body'],
    ] as const) {
      const sortBy = () => within(header(column)).getByRole('button');
      await user.click(sortBy());
      await waitFor(() => expect([last().get('sort'), last().get('order')]).toEqual([sort, 'asc']));
      expect(last().get('offset')).toBe('0');
      expect(header(column).getAttribute('aria-sort')).toBe('ascending');
      await user.click(sortBy());
      await waitFor(() => expect(last().get('order')).toBe('desc'));
      expect(last().get('sort')).toBe(sort);
      // Unsorted is the first page's own order again (answered from the cache when it is fresh).
      await user.click(sortBy());
      await waitFor(() => expect(header(column).getAttribute('aria-sort')).toBe('none'));
      expect(rows(grid).length).toBeGreaterThan(0);
    }
  });
});
