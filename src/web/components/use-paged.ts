import { useCallback, useEffect, useState } from 'react';

export interface Paged<T> {
  items: T[];
  status: 'loading' | 'ready' | 'error';
  page: number;
  hasNext: boolean;
  setPage(page: number): void;
  reload(): void;
}

/**
 * A page of a list the server pages by offset and batch_size (detections, comments, activity).
 * One more item than shown is asked for, so "next" is offered only when there is more.
 */
export function usePaged<T>(
  fetchPage: (offset: number, batchSize: number) => Promise<T[]>,
  size: number,
  key: unknown,
): Paged<T> {
  const [page, setPage] = useState(1);
  const [items, setItems] = useState<T[]>([]);
  const [hasNext, setHasNext] = useState(false);
  const [status, setStatus] = useState<Paged<T>['status']>('loading');
  const [generation, setGeneration] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: key names the list; fetchPage changes with it
  useEffect(() => {
    let live = true;
    setStatus('loading');
    fetchPage((page - 1) * size, size + 1)
      .then((fetched) => {
        if (!live) return;
        setItems(fetched.slice(0, size));
        setHasNext(fetched.length > size);
        setStatus('ready');
      })
      .catch(() => live && setStatus('error'));
    return () => {
      live = false;
    };
  }, [page, size, key, generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { items, status, page, hasNext, setPage, reload };
}
