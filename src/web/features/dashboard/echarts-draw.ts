import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { pointValue, tooltipHtml, tooltipParams } from '../../components/chart-text.ts';
import { CHART_DEFAULTS } from './chart-defaults.ts';
import type { ChartModel } from './chart-model.ts';

echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export interface DrawnChart {
  /** Highlights one point and shows its tooltip (the keyboard's focus), or none. */
  focus(point: { category: number; series: number } | null): void;
  dispose(): void;
}

/**
 * Draws a model as bars with the spec's chart defaults, redrawn at the element's size (responsive);
 * a click on a bar opens its list like Enter does. Loaded on first use in its own chunk.
 */
export function drawChart(
  element: HTMLElement,
  model: ChartModel,
  onOpen: (point: { category: number; series: number }) => void,
): DrawnChart {
  const chart = echarts.init(element, undefined, { renderer: 'canvas' });
  const text = { color: CHART_DEFAULTS.textColour, fontSize: CHART_DEFAULTS.fontSize };
  chart.setOption({
    animation: false,
    textStyle: text,
    grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
    legend: { top: 0, textStyle: text, data: model.series.map((s) => s.label) },
    tooltip: {
      trigger: 'item',
      textStyle: { fontSize: CHART_DEFAULTS.fontSize },
      // Categories are customer names and alert types: escaped, never ECharts' default markup.
      formatter: (params: unknown) =>
        tooltipParams(params)
          .map((p) => {
            const value = pointValue(p.value);
            return tooltipHtml(p.name, [
              { label: p.seriesName, value: typeof value === 'number' ? model.format(value) : '–' },
            ]);
          })
          .join('<br>'),
    },
    xAxis: { type: 'category', data: model.categories, axisLabel: { ...text, hideOverlap: true } },
    yAxis: {
      type: 'value',
      min: CHART_DEFAULTS.scaleMin,
      minInterval: CHART_DEFAULTS.scaleStep,
      splitNumber: CHART_DEFAULTS.maxTicks - 1,
      axisLabel: { ...text, formatter: (value: number) => model.format(value) },
    },
    series: model.series.map((s) => ({
      type: 'bar',
      name: s.label,
      stack: model.stacked ? 'total' : undefined,
      barMaxWidth: 28,
      itemStyle: { color: s.colour, borderWidth: CHART_DEFAULTS.arcBorderWidth },
      emphasis: { focus: 'none', itemStyle: { borderColor: CHART_DEFAULTS.textColour, borderWidth: 2 } },
      data: s.values,
      cursor: 'pointer',
    })),
  });
  chart.on('click', (event) => {
    if (typeof event.dataIndex === 'number' && typeof event.seriesIndex === 'number')
      onOpen({ category: event.dataIndex, series: event.seriesIndex });
  });
  const resize = new ResizeObserver(() => chart.resize());
  resize.observe(element);
  let focused: { category: number; series: number } | null = null;
  return {
    focus(point) {
      if (focused)
        chart.dispatchAction({ type: 'downplay', seriesIndex: focused.series, dataIndex: focused.category });
      focused = point;
      if (!point) {
        chart.dispatchAction({ type: 'hideTip' });
        return;
      }
      chart.dispatchAction({ type: 'highlight', seriesIndex: point.series, dataIndex: point.category });
      chart.dispatchAction({ type: 'showTip', seriesIndex: point.series, dataIndex: point.category });
    },
    dispose() {
      resize.disconnect();
      chart.dispose();
    },
  };
}
