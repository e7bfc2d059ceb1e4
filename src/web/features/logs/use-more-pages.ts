import { useCallback, useMemo, useState } from 'react';
import type { SearchJobView } from '../../../../machines/search-job/search-job.context.ts';
import { getSearch, type LogEvent } from './api.ts';

interface More {
  id: string;
  events: LogEvent[];
  after: string | null;
  loading: boolean;
}

/**
 * The events of a search: its first page as the job shows it, then further pages read with
 * `search_after` as the table nears its end (once the search is done).
 */
export function useMorePages(id: string | null, job: SearchJobView | null, done: boolean) {
  const [more, setMore] = useState<More>();
  const firstPage = (job?.results ?? []) as LogEvent[];
  const events = useMemo(
    () => (more && more.id === id ? [...firstPage, ...more.events] : firstPage),
    [firstPage, more, id],
  );
  const nextAfter = more && more.id === id ? more.after : (job?.search_after ?? null);
  const loadMore = useCallback(() => {
    if (!done || !id || !nextAfter || more?.loading) return;
    setMore((m) => ({ id, events: m?.id === id ? m.events : [], after: nextAfter, loading: true }));
    getSearch(id, nextAfter).then(
      (page) =>
        setMore((m) => ({
          id,
          events: [...(m?.id === id ? m.events : []), ...(page.results as LogEvent[])],
          after: page.search_after,
          loading: false,
        })),
      () => setMore((m) => (m ? { ...m, loading: false } : m)),
    );
  }, [done, id, nextAfter, more?.loading]);
  return { events, loadMore };
}
