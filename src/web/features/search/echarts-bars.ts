import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import type { HitsOverTime } from './api.ts';

echarts.use([BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

/** Draws the buckets as bars on a time axis; the caller disposes the chart. */
export function drawBars(element: HTMLElement, hits: HitsOverTime) {
  const chart = echarts.init(element, undefined, { renderer: 'canvas' });
  const accent = getComputedStyle(element).getPropertyValue('--accent').trim() || '#4c7fd6';
  chart.setOption({
    animation: false,
    grid: { left: 40, right: 8, top: 8, bottom: 24 },
    tooltip: { trigger: 'axis' },
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
