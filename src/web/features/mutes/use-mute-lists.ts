import { useCallback, useEffect, useRef, useState } from 'react';
import type { Mute } from '../../../../machines/mute-lifecycle/mute-lifecycle.context.ts';
import { listMutes } from './api.ts';

export interface MuteLists {
  status: 'loading' | 'ready' | 'error';
  active: Mute[];
  /** Unmuted by hand and expired, newest first: both no longer mute. */
  inactive: Mute[];
}

const newestFirst = (a: Mute, b: Mute) => b.created_at.localeCompare(a.created_at);

/** The active and inactive mutes of the selected customers; `onError` hears each failure. */
export function useMuteLists(customerIds: readonly string[], enabled: boolean, onError: () => void) {
  const [lists, setLists] = useState<MuteLists>({ status: 'loading', active: [], inactive: [] });
  const [generation, setGeneration] = useState(0);
  const latestError = useRef(onError);
  latestError.current = onError;
  const key = customerIds.join(',');

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the ids; generation reloads
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    setLists((l) => ({ ...l, status: l.active.length || l.inactive.length ? l.status : 'loading' }));
    Promise.all([
      listMutes('active', customerIds),
      listMutes('inactive', customerIds),
      listMutes('expired', customerIds),
    ])
      .then(([active, inactive, expired]) => {
        if (!live) return;
        setLists({ status: 'ready', active, inactive: [...inactive, ...expired].sort(newestFirst) });
      })
      .catch(() => {
        if (!live) return;
        setLists((l) => ({ ...l, status: 'error' }));
        latestError.current();
      });
    return () => {
      live = false;
    };
  }, [key, enabled, generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { ...lists, reload };
}
