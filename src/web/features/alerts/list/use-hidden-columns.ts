import { useCallback, useMemo, useState } from 'react';
import { COLUMN_KEYS, type ColumnKey, HIDDEN_BY_DEFAULT } from './columns.ts';

const STORAGE_KEY = 'watchfloor.alerts.hiddenColumns';

function read(): ColumnKey[] {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (raw === null) return [...HIDDEN_BY_DEFAULT];
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [...HIDDEN_BY_DEFAULT];
    return value.filter((v): v is ColumnKey => (COLUMN_KEYS as readonly unknown[]).includes(v));
  } catch {
    return [...HIDDEN_BY_DEFAULT];
  }
}

/** Which columns are hidden, remembered in local storage across visits (spec 1, section 9). */
export function useHiddenColumns() {
  const [hidden, setHidden] = useState<ColumnKey[]>(read);
  const toggle = useCallback((column: ColumnKey) => {
    setHidden((current) => {
      const next = current.includes(column) ? current.filter((c) => c !== column) : [...current, column];
      try {
        localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
      } catch {
        // Blocked or full storage: the choice lasts for this page only.
      }
      return next;
    });
  }, []);
  const visible = useMemo(() => COLUMN_KEYS.filter((c) => !hidden.includes(c)), [hidden]);
  return { hidden, visible, toggle };
}
