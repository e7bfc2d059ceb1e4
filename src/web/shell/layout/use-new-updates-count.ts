import { useCallback, useEffect, useState } from 'react';
import { useSession } from '../../session/use-session.ts';
import { listUpdates } from '../data/load.ts';
import { useTickerEvent } from '../ticker/TickerProvider.tsx';

/** Platform updates newer than the user's updates_seen_at attribute; checked on every refresh. */
export function useNewUpdatesCount(): number {
  const { status, attributes } = useSession();
  const since = attributes.updates_seen_at;
  const ready = status === 'ready';
  const [count, setCount] = useState(0);

  const check = useCallback(() => {
    if (!ready) return;
    listUpdates(since)
      .then(setCount)
      .catch((error: unknown) => console.warn('Watchfloor: could not count new updates', error));
  }, [ready, since]);

  useEffect(() => {
    setCount(0);
    check();
  }, [check]);
  useTickerEvent('refresh', check);
  return count;
}
