import * as echarts from 'echarts';

/**
 * Charts drawn by ECharts' server-side SVG renderer (no browser, no canvas): the PDF embeds the
 * SVG as vectors through svg-to-pdfkit, so the chart stays sharp and its labels are text.
 */
function svgOf(option: echarts.EChartsCoreOption, width: number, height: number): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption({ animation: false, textStyle: { fontFamily: 'Helvetica' }, ...option });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

const PRIORITY_COLOURS = { critical: '#b42318', high: '#dc6803', medium: '#d4a106', low: '#667085' };

/** Alerts per bucket stacked by priority. */
export function alertsOverTimeSvg(
  buckets: readonly { start: string; critical: number; high: number; medium: number; low: number }[],
  labels: Record<keyof typeof PRIORITY_COLOURS, string>,
  width: number,
  height: number,
): string {
  const priorities = ['critical', 'high', 'medium', 'low'] as const;
  return svgOf(
    {
      legend: { top: 0, data: priorities.map((p) => labels[p]) },
      grid: { left: 40, right: 10, top: 30, bottom: 30 },
      xAxis: { type: 'category', data: buckets.map((b) => b.start.slice(5)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: priorities.map((p) => ({
        name: labels[p],
        type: 'bar',
        stack: 'alerts',
        itemStyle: { color: PRIORITY_COLOURS[p] },
        data: buckets.map((b) => b[p]),
      })),
    },
    width,
    height,
  );
}

/** One line of values per day (log volume). */
export function lineSvg(
  points: readonly { label: string; value: number }[],
  colour: string,
  width: number,
  height: number,
): string {
  return svgOf(
    {
      grid: { left: 60, right: 10, top: 10, bottom: 30 },
      xAxis: { type: 'category', data: points.map((p) => p.label) },
      yAxis: { type: 'value' },
      series: [
        {
          type: 'line',
          showSymbol: false,
          lineStyle: { color: colour },
          areaStyle: { color: colour, opacity: 0.15 },
          data: points.map((p) => p.value),
        },
      ],
    },
    width,
    height,
  );
}
