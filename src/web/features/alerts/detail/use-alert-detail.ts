import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, isAbort } from '../../../api/errors.ts';
import { getAlert } from '../api.ts';
import type { Alert } from '../types.ts';

export type AlertDetailState =
  | { status: 'loading' }
  | { status: 'ready'; alert: Alert }
  | { status: 'not-found' }
  | { status: 'error'; message: string };

/** One alert, read again on demand (after a change); a reload keeps the old one on screen meanwhile. */
export function useAlertDetail(id: number) {
  const [state, setState] = useState<AlertDetailState>({ status: 'loading' });
  const [generation, setGeneration] = useState(0);
  const shown = useRef<number | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: generation asks for a fresh read
  useEffect(() => {
    if (!Number.isSafeInteger(id) || id < 1) {
      setState({ status: 'not-found' });
      return;
    }
    const controller = new AbortController();
    if (shown.current !== id) setState({ status: 'loading' });
    getAlert(id, controller.signal)
      .then((alert) => {
        shown.current = id;
        setState({ status: 'ready', alert });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted || isAbort(error)) return;
        if (error instanceof ApiError && (error.status === 404 || error.status === 400))
          setState({ status: 'not-found' });
        else setState({ status: 'error', message: error instanceof Error ? error.message : String(error) });
      });
    return () => controller.abort();
  }, [id, generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  /** Shows an alert the server just answered with (after an update) without another read. */
  const replace = useCallback((alert: Alert) => setState({ status: 'ready', alert }), []);
  return { state, reload, replace, generation };
}
