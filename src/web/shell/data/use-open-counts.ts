import { useCallback, useEffect, useRef, useState } from 'react';
import { useSession } from '../../session/use-session.ts';
import { useSelectedCustomers } from '../customers/SelectedCustomersProvider.tsx';
import { useTickerEvent } from '../ticker/TickerProvider.tsx';
import { playAlertSound } from './alert-sound.ts';
import { countAlerts, countCases } from './load.ts';

export interface OpenCounts {
  /** Open alerts of the selected customers; null while the first answer is awaited. */
  alerts: number | null;
  cases: number | null;
}

/**
 * The sidebar's alert and case counts (spec 1, section 2.3): open statuses of the selected
 * customers, fetched again on every refresh tick and whenever the selection changes. A rise in
 * open alerts plays the new-alert sound when the user's alert_audio attribute is set.
 */
export function useOpenCounts(): OpenCounts {
  const { status, attributes } = useSession();
  const { selected } = useSelectedCustomers();
  const [counts, setCounts] = useState<OpenCounts>({ alerts: null, cases: null });
  const lastAlerts = useRef<number | null>(null);
  const request = useRef(0);
  const audio = useRef(false);
  audio.current = attributes.alert_audio === true;
  const ready = status === 'ready';
  const key = selected.join(',');

  const fetchCounts = useCallback((ids: readonly string[], announce: boolean) => {
    const id = ++request.current;
    Promise.all([countAlerts(ids), countCases(ids)])
      .then(([alerts, cases]) => {
        const next = { alerts, cases };
        if (id !== request.current) return;
        const previous = lastAlerts.current;
        if (announce && audio.current && previous !== null && next.alerts > previous) playAlertSound();
        lastAlerts.current = next.alerts;
        setCounts(next);
      })
      .catch((error: unknown) => console.warn('Watchfloor: could not load the open counts', error));
  }, []);

  useEffect(() => {
    request.current++;
    lastAlerts.current = null;
    setCounts({ alerts: null, cases: null });
    if (ready) fetchCounts(key ? key.split(',') : [], false);
  }, [ready, key, fetchCounts]);

  useTickerEvent('refresh', () => {
    if (ready) fetchCounts(key ? key.split(',') : [], true);
  });

  return counts;
}
