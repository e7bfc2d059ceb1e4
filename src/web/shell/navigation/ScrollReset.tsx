import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';

/** Each navigation starts at the top left (spec 1, section 2.1). */
export function ScrollReset() {
  const [location] = useLocation();
  const search = useSearch();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of address
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0 });
    const main = document.getElementById('main');
    if (main) main.scrollTo?.({ top: 0, left: 0 });
  }, [location, search]);
  return null;
}
