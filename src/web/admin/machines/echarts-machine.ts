import { GraphChart } from 'echarts/charts';
import { TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { tooltipHtml } from '../../components/chart-text.ts';

echarts.use([GraphChart, TooltipComponent, CanvasRenderer]);

/** What the chart draws of a machine: its states, the first one, and its transitions. */
export interface MachineDrawing {
  initial: string;
  transitions: readonly { from: string; event: string; to: string }[];
}

/**
 * A machine's states as a graph: one node per state, one arrow per pair of states, its tooltip
 * naming the events that lead along it. State and event names are drawn on the canvas as text;
 * tooltips are HTML, so every part is escaped. The caller disposes the chart.
 */
export function drawMachine(element: HTMLElement, drawing: MachineDrawing, labels: { events: string }) {
  const chart = echarts.init(element, undefined, { renderer: 'canvas' });
  const style = getComputedStyle(element);
  const accent = style.getPropertyValue('--accent').trim() || '#4c7fd6';
  const muted = style.getPropertyValue('--text-muted').trim() || '#8a8f98';
  const text = style.getPropertyValue('--text').trim() || '#e6e6e6';
  const states = [...new Set([drawing.initial, ...drawing.transitions.flatMap((t) => [t.from, t.to])])];
  const edges = new Map<string, { source: string; target: string; events: string[] }>();
  for (const t of drawing.transitions) {
    const key = `${t.from}\u0000${t.to}`;
    const edge = edges.get(key) ?? { source: t.from, target: t.to, events: [] };
    edge.events.push(t.event);
    edges.set(key, edge);
  }
  chart.setOption({
    animation: false,
    tooltip: {
      formatter: (params: unknown) => {
        const p = params as {
          dataType?: string;
          name?: unknown;
          data?: { source?: unknown; target?: unknown; events?: unknown[] };
        };
        if (p.dataType === 'edge') {
          const { source, target, events = [] } = p.data ?? {};
          return tooltipHtml(`${source ?? ''} → ${target ?? ''}`, [
            { label: labels.events, value: events.join(', ') },
          ]);
        }
        return tooltipHtml(p.name, []);
      },
    },
    series: [
      {
        type: 'graph',
        layout: 'circular',
        circular: { rotateLabel: false },
        roam: true,
        symbolSize: 14,
        edgeSymbol: ['none', 'arrow'],
        edgeSymbolSize: 7,
        label: { show: true, position: 'right', color: text, fontSize: 11 },
        lineStyle: { color: muted, curveness: 0.2, opacity: 0.8 },
        emphasis: { focus: 'adjacency' },
        data: states.map((name) => ({
          name,
          itemStyle: { color: name === drawing.initial ? accent : muted },
        })),
        links: [...edges.values()],
      },
    ],
  });
  return chart;
}
