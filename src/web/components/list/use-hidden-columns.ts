import { useCallback, useMemo, useState } from 'react';

function read<Key extends string>(
  storageKey: string,
  keys: readonly Key[],
  byDefault: readonly Key[],
): Key[] {
  try {
    const raw = localStorage.getItem(storageKey);
    if (raw === null) return [...byDefault];
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [...byDefault];
    return value.filter((v): v is Key => (keys as readonly unknown[]).includes(v));
  } catch {
    return [...byDefault];
  }
}

/**
 * Which of a list's columns the person hid with its column chooser (spec 1, section 9),
 * remembered in local storage under `storageKey` across visits; `byDefault` until they choose.
 */
export function useHiddenColumns<Key extends string>(
  storageKey: string,
  keys: readonly Key[],
  byDefault: readonly Key[],
) {
  const [hidden, setHidden] = useState<Key[]>(() => read(storageKey, keys, byDefault));
  const toggle = useCallback(
    (column: Key) => {
      setHidden((current) => {
        const next = current.includes(column) ? current.filter((c) => c !== column) : [...current, column];
        try {
          localStorage.setItem(storageKey, JSON.stringify(next));
        } catch {
          // Blocked or full storage: the choice lasts for this page only.
        }
        return next;
      });
    },
    [storageKey],
  );
  const visible = useMemo(() => keys.filter((c) => !hidden.includes(c)), [keys, hidden]);
  return { hidden, visible, toggle };
}
