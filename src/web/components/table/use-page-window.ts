import { useEffect, useState } from 'react';

/** Spec 1, section 9: pages shown each side of the current one, by screen width. */
export function windowForWidth(width: number): number {
  if (width > 1500) return 10;
  if (width > 1000) return 7;
  return 5;
}

/** Pages either side of the current one in the pager, following the window's width. */
export function usePageWindow(): number {
  const [size, setSize] = useState(() => windowForWidth(globalThis.innerWidth ?? 1024));
  useEffect(() => {
    const onResize = () => setSize(windowForWidth(window.innerWidth));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return size;
}

/** The page numbers to offer: `span` each side of `page`, within 1..pages. */
export function pageNumbers(page: number, pages: number, span: number): number[] {
  const first = Math.max(1, page - span);
  const last = Math.min(pages, page + span);
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}
