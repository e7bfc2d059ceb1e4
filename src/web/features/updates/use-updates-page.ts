import { useEffect, useState } from 'react';
import { api } from '../../../api/client.ts';
import type { components } from '../../../api/schema.d.ts';
import { ApiError } from '../../api/errors.ts';

type PlatformUpdate = components['schemas']['PlatformUpdate'];

export type UpdatesPageState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; total: number; updates: PlatformUpdate[] };

/** One page of platform updates matching the search ('error': 'Invalid response fetching updates'). */
export function useUpdatesPage(
  query: string,
  page: number,
  pageSize: number,
  enabled: boolean,
): UpdatesPageState {
  const [state, setState] = useState<UpdatesPageState>({ status: 'loading' });
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    setState({ status: 'loading' });
    api
      .GET('/api/updates/v1/updates/', {
        params: { query: { offset: (page - 1) * pageSize, batch_size: pageSize, query: query || undefined } },
      })
      .then(({ data }) => {
        if (!live) return;
        setState(data ? { status: 'ready', total: data.total, updates: data.updates } : { status: 'error' });
      })
      .catch((error: unknown) => {
        if (!live) return;
        // Spec 2, section 8: a 401 or 403 on the updates is tolerated: no updates, no error.
        const tolerated = error instanceof ApiError && (error.status === 401 || error.status === 403);
        setState(tolerated ? { status: 'ready', total: 0, updates: [] } : { status: 'error' });
      });
    return () => {
      live = false;
    };
  }, [query, page, pageSize, enabled]);
  return state;
}
