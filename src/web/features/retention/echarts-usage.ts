import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { pointValue, tooltipHtml, tooltipParams } from '../../components/chart-text.ts';
import type { UsageDay } from './api.ts';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** Usage per day: bytes as bars, events as a line on their own axis; the caller disposes the chart. */
export function drawUsage(
  element: HTMLElement,
  days: readonly UsageDay[],
  names: { bytes: string; events: string },
  formatBytes: (bytes: number) => string,
) {
  const chart = echarts.init(element, undefined, { renderer: 'canvas' });
  const style = getComputedStyle(element);
  const accent = style.getPropertyValue('--accent').trim() || '#4c7fd6';
  const muted = style.getPropertyValue('--text-muted').trim() || '#8a8f98';
  chart.setOption({
    animation: false,
    grid: { left: 56, right: 48, top: 28, bottom: 24 },
    legend: { top: 0, textStyle: { color: muted } },
    tooltip: {
      trigger: 'axis',
      formatter: (params: unknown) => {
        const points = tooltipParams(params);
        return tooltipHtml(
          points[0]?.axisValueLabel ?? points[0]?.name,
          points.map((p) => {
            const value = pointValue(p.value);
            const bytes = p.seriesIndex === 0 && typeof value === 'number';
            return { label: p.seriesName, value: bytes ? formatBytes(value) : value };
          }),
        );
      },
    },
    xAxis: { type: 'category', data: days.map((d) => d.day), axisLabel: { color: muted } },
    yAxis: [
      { type: 'value', min: 0, axisLabel: { color: muted, formatter: formatBytes } },
      { type: 'value', min: 0, minInterval: 1, axisLabel: { color: muted } },
    ],
    series: [
      {
        name: names.bytes,
        type: 'bar',
        barMaxWidth: 12,
        itemStyle: { color: accent },
        data: days.map((d) => d.bytes),
      },
      {
        name: names.events,
        type: 'line',
        yAxisIndex: 1,
        showSymbol: false,
        itemStyle: { color: muted },
        data: days.map((d) => d.events),
      },
    ],
  });
  return chart;
}
