import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { HitsOverTime } from './api.ts';

/**
 * Hits over time as a bar chart. ECharts is loaded on first use, in its own chunk, so the
 * console's first load does not carry it. The counts are also given as text for screen readers.
 */
export function HitsChart({ hits }: { hits: HitsOverTime }) {
  const { t } = useTranslation('search');
  const box = useRef<HTMLDivElement>(null);
  const total = hits.buckets.reduce((n, b) => n + b.count, 0);
  useEffect(() => {
    let disposed = false;
    let chart: { dispose(): void } | null = null;
    void import('./echarts-bars.ts').then(({ drawBars }) => {
      if (disposed || !box.current) return;
      chart = drawBars(box.current, hits);
    });
    return () => {
      disposed = true;
      chart?.dispose();
    };
  }, [hits]);
  return (
    <figure className="search-hits">
      <div ref={box} className="search-hits-chart" aria-hidden="true" />
      <figcaption className="sr-only">
        {t('hits.caption', { count: total, buckets: hits.buckets.length })}
      </figcaption>
    </figure>
  );
}
