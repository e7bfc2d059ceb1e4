import { ScatterChart } from 'echarts/charts';
import { GeoComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries from 'world-atlas/countries-110m.json';
import { escapeHtml } from '../../components/chart-text.ts';

/** A located source address: [longitude, latitude], its events and its country. */
export interface MapPoint {
  address: string;
  country: string | null;
  coordinates: [number, number];
  count: number;
}

echarts.use([ScatterChart, GeoComponent, TooltipComponent, CanvasRenderer]);
// Natural Earth's countries at 1:110m (world-atlas), as GeoJSON for ECharts' geo component.
const topology = countries as unknown as Topology<{ countries: GeometryCollection }>;
echarts.registerMap('world', feature(topology, topology.objects.countries) as never);

/** The tooltip of one point: address, country and events, every text escaped. */
export function pointTooltip(point: MapPoint, eventsLabel: string): string {
  const country = point.country ? ` (${escapeHtml(point.country)})` : '';
  return `${escapeHtml(point.address)}${country}<br/>${escapeHtml(eventsLabel)}: ${point.count}`;
}

/** Draws the world with a dot per source address, sized by its events; the caller disposes the chart. */
export function drawAddressMap(element: HTMLElement, points: readonly MapPoint[], eventsLabel: string) {
  const chart = echarts.init(element, undefined, { renderer: 'canvas' });
  const style = getComputedStyle(element);
  const accent = style.getPropertyValue('--accent').trim() || '#4c7fd6';
  const land = style.getPropertyValue('--surface-2').trim() || '#2a2f3a';
  const border = style.getPropertyValue('--border').trim() || '#555c6b';
  const most = Math.max(1, ...points.map((p) => p.count));
  chart.setOption({
    animation: false,
    tooltip: {
      trigger: 'item',
      formatter: (p: { dataIndex: number }) => {
        const point = points[p.dataIndex];
        return point ? pointTooltip(point, eventsLabel) : '';
      },
    },
    geo: { map: 'world', roam: false, silent: true, itemStyle: { areaColor: land, borderColor: border } },
    series: [
      {
        type: 'scatter',
        coordinateSystem: 'geo',
        itemStyle: { color: accent },
        symbolSize: (value: number[]) => 5 + 15 * ((value[2] ?? 1) / most),
        data: points.map((p) => ({ value: [...p.coordinates, p.count] })),
      },
    ],
  });
  return chart;
}
