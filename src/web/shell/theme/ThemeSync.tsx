import { useEffect, useState } from 'react';
import { useSession } from '../../session/use-session.ts';
import { applyTheme, DARK_QUERY, resolveTheme } from './resolve-theme.ts';

function usePrefersDark(): boolean {
  const [prefersDark, setPrefersDark] = useState(() => window.matchMedia?.(DARK_QUERY).matches ?? false);
  useEffect(() => {
    const query = window.matchMedia?.(DARK_QUERY);
    if (!query) return;
    const onChange = (event: MediaQueryListEvent) => setPrefersDark(event.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return prefersDark;
}

/** Keeps `data-theme` on <html> in line with the user's theme or the OS preference. */
export function ThemeSync() {
  const { attributes } = useSession();
  const prefersDark = usePrefersDark();
  const theme = resolveTheme(attributes.theme, prefersDark);
  useEffect(() => applyTheme(theme), [theme]);
  return null;
}
