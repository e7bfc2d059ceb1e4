import { useEffect, useState } from 'react';
import { aggregateCases } from './api.ts';

/** Tags in use on the selected customers' cases, for suggestions; none when they cannot be loaded. */
export function useCaseTags(customerIds: readonly string[], enabled: boolean): string[] {
  const [tags, setTags] = useState<string[]>([]);
  const key = customerIds.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the customer ids
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    aggregateCases(customerIds)
      .then((found) => live && setTags(found))
      .catch(() => live && setTags([]));
    return () => {
      live = false;
    };
  }, [key, enabled]);
  return tags;
}
