import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useRef } from 'react';
import type { Mute } from '../../../../machines/mute-lifecycle/mute-lifecycle.context.ts';
import { asLoaded, type Loaded } from '../../api/loaded.ts';
import { listMutes } from './api.ts';

export interface MuteLists {
  active: Mute[];
  /** Unmuted by hand and expired, newest first: both no longer mute. */
  inactive: Mute[];
}

const newestFirst = (a: Mute, b: Mute) => b.created_at.localeCompare(a.created_at);

/**
 * The active and inactive mutes of the selected customers (the server narrows them), as one
 * load: ready when all three states have answered, an error when one of them failed.
 */
export function useMuteLists(customerIds: readonly string[]): Loaded<MuteLists> {
  const active = asLoaded(useQuery(listMutes('active', customerIds)));
  const inactive = asLoaded(useQuery(listMutes('inactive', customerIds)));
  const expired = asLoaded(useQuery(listMutes('expired', customerIds)));
  const parts = [active, inactive, expired];
  const status = parts.some((p) => p.status === 'error')
    ? 'error'
    : parts.every((p) => p.status === 'ready')
      ? 'ready'
      : parts.some((p) => p.status === 'loading')
        ? 'loading'
        : 'idle';
  const error = parts.find((p) => p.status === 'error')?.error ?? null;
  // Each load's reload is new every render: the stable `reload` calls the latest ones.
  const reloads = useRef([active.reload, inactive.reload, expired.reload]);
  reloads.current = [active.reload, inactive.reload, expired.reload];
  const reload = useCallback(() => {
    for (const again of reloads.current) again();
  }, []);
  const data = useMemo(
    () =>
      active.data && inactive.data && expired.data
        ? { active: active.data, inactive: [...inactive.data, ...expired.data].sort(newestFirst) }
        : null,
    [active.data, inactive.data, expired.data],
  );
  return { status, data: status === 'ready' ? data : null, error, reload };
}
