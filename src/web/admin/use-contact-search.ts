import { useEffect, useState } from 'react';
import { api } from '../../api/client.ts';
import type { components } from '../../api/schema.d.ts';
import { dataOf } from '../api/errors.ts';

export type Contact = components['schemas']['Contact'];

/** Pause after the last keystroke before searching; an emptied box searches at once. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface ContactSearch {
  status: 'loading' | 'ready' | 'error';
  /** The last answer's users; kept while a newer search loads, so the table does not flicker. */
  contacts: Contact[];
  error: string | null;
  retry(): void;
}

/**
 * Users matching the query (GET /api/support/v1/contact/), debounced; a newer query aborts the
 * older request, whose answer is then ignored.
 */
export function useContactSearch(query: string): ContactSearch {
  const [state, setState] = useState<Omit<ContactSearch, 'retry'>>({
    status: 'loading',
    contacts: [],
    error: null,
  });
  const [attempt, setAttempt] = useState(0);
  const trimmed = query.trim();

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt re-runs the search on retry.
  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ ...s, status: 'loading', error: null }));
    const timer = setTimeout(
      async () => {
        try {
          const data = dataOf(
            await api.GET('/api/support/v1/contact/', {
              params: { query: trimmed ? { query: trimmed } : {} },
              signal: controller.signal,
            }),
          );
          if (controller.signal.aborted) return;
          setState({ status: 'ready', contacts: data.contacts, error: null });
        } catch (error) {
          if (controller.signal.aborted) return;
          setState({
            status: 'error',
            contacts: [],
            error: error instanceof Error ? error.message : String(error),
          });
        }
      },
      trimmed ? SEARCH_DEBOUNCE_MS : 0,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [trimmed, attempt]);

  return { ...state, retry: () => setAttempt((n) => n + 1) };
}
