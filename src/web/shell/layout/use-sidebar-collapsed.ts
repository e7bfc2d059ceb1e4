import { useCallback, useState } from 'react';
import { readJson, STORAGE_KEYS, writeJson } from '../local-storage.ts';

/** The desktop sidebar's collapsed state, kept across visits. */
export function useSidebarCollapsed(): [boolean, () => void] {
  const [collapsed, setCollapsed] = useState(() =>
    readJson(STORAGE_KEYS.sidebarCollapsed, false, (v): v is boolean => typeof v === 'boolean'),
  );
  const toggle = useCallback(() => {
    setCollapsed((current) => {
      writeJson(STORAGE_KEYS.sidebarCollapsed, !current);
      return !current;
    });
  }, []);
  return [collapsed, toggle];
}
