import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbort } from '../api/errors.ts';

export interface Loaded<T> {
  status: 'idle' | 'loading' | 'ready' | 'error';
  data: T | null;
  error: unknown;
  reload(): void;
}

/** Runs `load` whenever `key` changes (nothing while it is null); a late answer to an old key is dropped. */
export function useLoad<T>(key: string | null, load: () => Promise<T>): Loaded<T> {
  const [state, setState] = useState<Omit<Loaded<T>, 'reload'>>({ status: 'idle', data: null, error: null });
  const generation = useRef(0);
  const latest = useRef(load);
  latest.current = load;

  const reload = useCallback(() => {
    const mine = ++generation.current;
    if (key === null) {
      setState({ status: 'idle', data: null, error: null });
      return;
    }
    setState((s) => ({ ...s, status: 'loading', error: null }));
    latest.current().then(
      (data) => {
        if (mine === generation.current) setState({ status: 'ready', data, error: null });
      },
      (error) => {
        if (mine !== generation.current || isAbort(error)) return;
        setState({ status: 'error', data: null, error });
      },
    );
  }, [key]);

  useEffect(() => reload(), [reload]);
  return { ...state, reload };
}
