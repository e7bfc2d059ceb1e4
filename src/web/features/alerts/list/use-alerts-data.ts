import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAbort } from '../../../api/errors.ts';
import { isConnectionError } from '../../../components/table/connection-error.ts';
import { useSession } from '../../../session/SessionProvider.tsx';
import { useTickerEvent, useToasts } from '../../../shell/index.ts';
import type { LoadProgress, LoadQuery } from '../api.ts';
import { beep } from '../shared/beep.ts';
import type { AlertSummary } from '../types.ts';
import { latestUpdate, mergeChanged } from './merge-rows.ts';
import { readAllAlerts, readChangedSince } from './read-alerts.ts';

export interface AlertsData {
  status: 'loading' | 'ready' | 'error';
  /** Why the load failed, while status is 'error'. */
  error: unknown;
  rows: readonly AlertSummary[];
  progress: LoadProgress | null;
  /** The moment the rows were read (the last load or refresh), by the server's clock. */
  asOf: string | null;
  /** Fetches what changed since the last load and merges it in. */
  refresh(): void;
  /** Loads everything again (after an error). */
  reload(): void;
}

/**
 * The alerts of the selected customers (spec 2, sections 4 and 8): every match, 10 000 a page
 * until done or 100 000 rows, with progress. A newer load aborts the older one, whose abort is
 * dropped silently; a failure raises 'Unable to load alerts'. Every 60 s refresh merges what
 * changed since, and a new alert beeps when the user's alert_audio attribute is set.
 */
export function useAlertsData(query: LoadQuery): AlertsData {
  const { t } = useTranslation('alerts');
  const { t: tc } = useTranslation();
  const { notify } = useToasts();
  const { attributes } = useSession();
  const [status, setStatus] = useState<AlertsData['status']>('loading');
  const [error, setError] = useState<unknown>(null);
  const [rows, setRows] = useState<readonly AlertSummary[]>([]);
  const [progress, setProgress] = useState<LoadProgress | null>(null);
  const [asOf, setAsOf] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const loading = useRef<AbortController | null>(null);
  const refreshing = useRef<AbortController | null>(null);
  const latest = useRef({ query, audio: attributes.alert_audio === true, notify, t, tc });
  latest.current = { query, audio: attributes.alert_audio === true, notify, t, tc };
  const key = `${query.customerIds.join(',')}|${query.days}|${query.title ?? ''}|${query.period?.from ?? ''}|${query.period?.to ?? ''}`;

  const fail = useCallback((error: unknown) => {
    if (isAbort(error)) return;
    const { notify, t, tc } = latest.current;
    // Spec 1, section 8: a failed network says so rather than 'try again later'.
    const message = isConnectionError(error) ? tc('connectionError') : tc('tryAgainLater');
    notify({ severity: 'danger', title: t('errors.load'), message });
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for the query; generation forces a reload
  useEffect(() => {
    const controller = new AbortController();
    loading.current?.abort();
    refreshing.current?.abort();
    loading.current = controller;
    setStatus('loading');
    setError(null);
    setRows([]);
    setProgress(null);
    setAsOf(null);
    let collected: AlertSummary[] = [];
    readAllAlerts(latest.current.query, controller.signal, (page, next) => {
      if (controller.signal.aborted) return;
      collected = collected.concat(page);
      setRows(collected);
      setProgress(next);
      setAsOf(next.asOf);
    })
      .then(() => {
        if (!controller.signal.aborted) setStatus('ready');
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted || isAbort(error)) return;
        setStatus('error');
        setError(error);
        fail(error);
      });
    return () => controller.abort();
  }, [key, generation, fail]);

  const refresh = useCallback(() => {
    if (loading.current && !loading.current.signal.aborted && status !== 'ready') return;
    const since = latestUpdate(rowsRef.current);
    if (since === null) return;
    refreshing.current?.abort();
    const controller = new AbortController();
    refreshing.current = controller;
    readChangedSince(latest.current.query, since, controller.signal)
      .then(({ changed, asOf: readAt }) => {
        if (controller.signal.aborted) return;
        if (readAt) setAsOf(readAt);
        const known = new Set(rowsRef.current.map((r) => r.id));
        const fresh = changed.filter((a) => !known.has(a.id));
        setRows((current) => mergeChanged(current, changed).rows);
        if (fresh.length > 0 && latest.current.audio) beep();
      })
      .catch(fail);
  }, [status, fail]);

  useTickerEvent('refresh', refresh);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { status, error, rows, progress, asOf, refresh, reload };
}
