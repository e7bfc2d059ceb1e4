import type { ReactNode } from 'react';
import { CommandLayer } from '../../src/web/commands/CommandLayer.tsx';
import type { SavedSearch } from '../../src/web/features/logs/api.ts';
import { SearchPage } from '../../src/web/features/logs/SearchPage.tsx';
import { ToastArea } from '../../src/web/shell/toasts/ToastArea.tsx';
import type { FakeNetwork } from '../helpers/fake-network.ts';
import { renderInShell, type ShellOptions } from './shell-harness.tsx';

/** The search screen's tests share these: a saved search, its opening calls, the screen itself. */

/** A private saved search of every customer, with no period of its own. */
export const savedSearch = (changes: Partial<SavedSearch> = {}): SavedSearch => ({
  id: '00000000-0000-4000-8000-0000000000b1',
  name: 'Failed logons',
  scope: 'private',
  customer_id: null,
  customer_ids: [],
  owner_id: '00000000-0000-4000-8000-0000000000c1',
  mine: true,
  search: { search_term: 'EventID:4625' },
  period: null,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  ...changes,
});

export const SAVED_LIST = '/api/search/v1/saved/';

/** What the search screen reads on opening: no sources, these saved searches, no history. */
export const answerSearchOpening = (network: FakeNetwork, saved: SavedSearch[]) =>
  network
    .on('get', '/api/search/v1/sources/', { status: 200, body: { sources: [] } })
    .on('get', SAVED_LIST, { status: 200, body: { saved } })
    .on('get', '/api/search/v1/history/', { status: 200, body: { history: [] } });

/** The search screen (or only what stays without it) with the palette and the toasts. */
export function renderSearchScreen(page: ReactNode, options: ShellOptions = {}) {
  return renderInShell(
    <>
      {page}
      <CommandLayer />
      <ToastArea />
    </>,
    { path: '/search', ...options },
  );
}

/** The search page as the router mounts it. */
export const searchPage = (params: { id?: string } = {}) => <SearchPage params={params} route="search" />;
