import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { pointValue, tooltipHtml, tooltipParams } from '../../components/chart-text.ts';
import type { FiringBucket } from './alert-settings.ts';
import type { HitsOverTime } from './api.ts';

echarts.use([BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

/** The bucket's time, then each series' count (by name when there are several), all as text. */
const axisTooltip = (params: unknown) => {
  const points = tooltipParams(params);
  return tooltipHtml(
    points[0]?.axisValueLabel,
    points.map((p) => ({ label: points.length > 1 ? p.seriesName : null, value: pointValue(p.value) })),
  );
};

/** Draws the buckets as bars on a time axis; the caller disposes the chart. */
export function drawBars(element: HTMLElement, hits: HitsOverTime) {
  const chart = echarts.init(element, undefined, { renderer: 'canvas' });
  const accent = getComputedStyle(element).getPropertyValue('--accent').trim() || '#4c7fd6';
  chart.setOption({
    animation: false,
    grid: { left: 40, right: 8, top: 8, bottom: 24 },
    tooltip: { trigger: 'axis', formatter: axisTooltip },
    xAxis: { type: 'time', min: hits.from, max: hits.to },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      {
        type: 'bar',
        barMaxWidth: 12,
        itemStyle: { color: accent },
        data: hits.buckets.map((b) => [b.time, b.count]),
      },
    ],
  });
  return chart;
}

/** The backtest's firings per hour, fired and suppressed stacked; the caller disposes the chart. */
export function drawFirings(
  element: HTMLElement,
  buckets: readonly FiringBucket[],
  names: { fired: string; suppressed: string },
) {
  const chart = echarts.init(element, undefined, { renderer: 'canvas' });
  const style = getComputedStyle(element);
  const fired = style.getPropertyValue('--danger').trim() || '#c0392b';
  const suppressed = style.getPropertyValue('--text-muted').trim() || '#8a8f98';
  const series = (name: string, key: 'fired' | 'suppressed', color: string) => ({
    name,
    type: 'bar' as const,
    stack: 'firings',
    barMaxWidth: 8,
    itemStyle: { color },
    data: buckets.map((b) => [b.time, b[key]]),
  });
  chart.setOption({
    animation: false,
    grid: { left: 32, right: 8, top: 8, bottom: 24 },
    tooltip: { trigger: 'axis', formatter: axisTooltip },
    xAxis: { type: 'time' },
    yAxis: { type: 'value', minInterval: 1 },
    series: [series(names.fired, 'fired', fired), series(names.suppressed, 'suppressed', suppressed)],
  });
  return chart;
}
