import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { type ChartModel, pointAt, pointCount } from './chart-model.ts';
import type { DrawnChart } from './echarts-draw.ts';

/**
 * One chart, drawn by ECharts (its own chunk, loaded on first use) and driven from the keyboard:
 * with the chart focused, arrows move between points (left and right along the axis, up and
 * down between series), Home and End jump to the ends, and Enter opens the point's list. The
 * point in focus is said to screen readers; the table view lists every value.
 */
export function ChartFigure({ model, label }: { model: ChartModel; label: string }) {
  const { t } = useTranslation('dashboard');
  const [, navigate] = useLocation();
  const keysId = useId();
  const box = useRef<HTMLDivElement>(null);
  const drawn = useRef<DrawnChart | null>(null);
  const [focused, setFocused] = useState<number | null>(null);
  const total = pointCount(model);
  const latest = useRef({ model, navigate });
  latest.current = { model, navigate };

  useEffect(() => {
    let disposed = false;
    void import('./echarts-draw.ts').then(({ drawChart }) => {
      if (disposed || !box.current) return;
      drawn.current = drawChart(box.current, model, ({ category, series }) => {
        const href = latest.current.model.href(category, series);
        if (href) latest.current.navigate(href);
      });
    });
    return () => {
      disposed = true;
      drawn.current?.dispose();
      drawn.current = null;
    };
  }, [model]);

  useEffect(() => {
    drawn.current?.focus(focused === null ? null : pointAt(model, focused));
  }, [focused, model]);

  const width = model.series.length;
  const move = (next: number) => setFocused(Math.max(0, Math.min(total - 1, next)));
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey || total === 0) return;
    const at = focused ?? -1;
    const keys: Record<string, () => void> = {
      ArrowRight: () => move(focused === null ? 0 : at + width),
      ArrowLeft: () => move(focused === null ? total - 1 : at - width),
      ArrowDown: () => move(focused === null ? 0 : at + 1),
      ArrowUp: () => move(focused === null ? 0 : at - 1),
      Home: () => move(0),
      End: () => move(total - 1),
      Enter: () => {
        if (focused === null) return move(0);
        const { category, series } = pointAt(model, focused);
        const href = model.href(category, series);
        if (href) navigate(href);
      },
    };
    const run = keys[event.key];
    if (!run) return;
    event.preventDefault();
    event.stopPropagation();
    run();
  };

  const point = focused === null ? null : pointAt(model, focused);
  const value = point ? model.series[point.series]?.values[point.category] : null;
  const said = point
    ? t('chart.point', {
        category: model.categories[point.category],
        series: model.series[point.series]?.label,
        value: value === null || value === undefined ? t('chart.none') : model.format(value),
      }) + (model.href(point.category, point.series) ? ` ${t('chart.opens')}` : '')
    : '';

  return (
    <div
      className="dashboard-chart"
      role="application"
      aria-roledescription={t('chart.role')}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the chart takes focus for its arrow keys and Enter
      tabIndex={0}
      aria-label={label}
      aria-describedby={keysId}
      onKeyDown={onKeyDown}
      onBlur={() => setFocused(null)}
    >
      <div ref={box} className="dashboard-chart__canvas" aria-hidden="true" />
      <p id={keysId} className="sr-only">
        {t('chart.keys')}
      </p>
      <p className="dashboard-chart__point" aria-live="polite">
        {said}
      </p>
    </div>
  );
}
