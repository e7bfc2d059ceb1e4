import { ScatterChart } from 'echarts/charts';
import { GeoComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries from 'world-atlas/countries-110m.json';
import { pointValue, tooltipHtml, tooltipParams } from '../../components/chart-text.ts';

/** A place sign-ins came from: its name, [longitude, latitude] and how many sign-ins. */
export interface MapPlace {
  name: string;
  coordinates: [number, number];
  count: number;
}

echarts.use([ScatterChart, GeoComponent, TooltipComponent, CanvasRenderer]);
// Natural Earth's countries at 1:110m (world-atlas), as GeoJSON for ECharts' geo component.
const topology = countries as unknown as Topology<{ countries: GeometryCollection }>;
echarts.registerMap('world', feature(topology, topology.objects.countries) as never);

/** Draws the world with a dot per place, sized by its sign-ins; the caller disposes the chart. */
export function drawLoginMap(element: HTMLElement, places: readonly MapPlace[]) {
  const chart = echarts.init(element, undefined, { renderer: 'canvas' });
  const style = getComputedStyle(element);
  const accent = style.getPropertyValue('--accent').trim() || '#4c7fd6';
  const land = style.getPropertyValue('--surface-2').trim() || '#2a2f3a';
  const border = style.getPropertyValue('--border').trim() || '#555c6b';
  const most = Math.max(1, ...places.map((p) => p.count));
  chart.setOption({
    animation: false,
    tooltip: {
      trigger: 'item',
      // The city and country come from the agent: shown as text, never as markup.
      formatter: (params: unknown) =>
        tooltipParams(params)
          .map((p) => tooltipHtml(null, [{ label: p.name, value: pointValue(p.value) }]))
          .join('<br>'),
    },
    geo: {
      map: 'world',
      roam: false,
      silent: true,
      itemStyle: { areaColor: land, borderColor: border },
    },
    series: [
      {
        type: 'scatter',
        coordinateSystem: 'geo',
        itemStyle: { color: accent },
        symbolSize: (value: number[]) => 6 + 14 * ((value[2] ?? 1) / most),
        data: places.map((p) => ({ name: p.name, value: [...p.coordinates, p.count] })),
      },
    ],
  });
  return chart;
}
