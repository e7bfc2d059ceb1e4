// @vitest-environment happy-dom
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { escapeHtml, tooltipHtml } from '../../src/web/components/chart-text.ts';
import { formatBytes } from '../../src/web/features/retention/usage-model.ts';

/**
 * Every chart of the console, fed markup where its text comes from agents, logs and customers
 * (cities, customer names, alert types, days, series names), must show that markup as text: no
 * formatter of any tooltip, label or axis may hand ECharts an element. ECharts itself needs a
 * canvas, so `init` gives a chart that keeps the options it is asked to draw.
 */

const drawn: Record<string, unknown>[] = [];
vi.mock('echarts/core', async (importOriginal) => {
  const actual = await importOriginal<typeof import('echarts/core')>();
  return {
    ...actual,
    init: () => ({
      setOption: (option: Record<string, unknown>) => drawn.push(option),
      on: () => undefined,
      dispatchAction: () => undefined,
      resize: () => undefined,
      dispose: () => undefined,
    }),
  };
});

const IMG = '<img src=x onerror=alert(1)>';
const BOLD = '<b>x</b>';
const MARKUPS = [IMG, BOLD];

/** Draws one chart with `markup` wherever its data carries text; answers the options drawn. */
type ChartDrawer = (markup: string) => Promise<Record<string, unknown>[]>;

const element = () => document.createElement('div');
async function optionsOf(draw: () => unknown | Promise<unknown>) {
  drawn.length = 0;
  await draw();
  return [...drawn];
}

/**
 * Every file that draws a chart, with what draws it. A file of `src/web` that calls ECharts'
 * `setOption` without an entry here fails the listing test below, so a new chart comes with its
 * markup check.
 */
const CHARTS: Record<string, ChartDrawer[]> = {
  'src/web/features/dashboard/echarts-draw.ts': [
    (markup) =>
      optionsOf(async () => {
        const { drawChart } = await import('../../src/web/features/dashboard/echarts-draw.ts');
        drawChart(
          element(),
          {
            categories: [markup, `${markup} Oy`],
            series: [
              { key: 'a', label: markup, values: [1, 2], colour: '#fff' },
              { key: 'b', label: 'Low', values: [3, null], colour: '#000' },
            ],
            stacked: true,
            // As the dashboard's own formats: numbers, in the interface's language.
            format: (value) => new Intl.NumberFormat('en-GB').format(value),
            href: () => null,
          },
          () => undefined,
        );
      }),
  ],
  'src/web/features/agents/echarts-login-map.ts': [
    (markup) =>
      optionsOf(async () => {
        const { drawLoginMap } = await import('../../src/web/features/agents/echarts-login-map.ts');
        drawLoginMap(element(), [{ name: `${markup}, Finland`, coordinates: [24.9, 60.2], count: 3 }]);
      }),
  ],
  'src/web/features/retention/echarts-usage.ts': [
    (markup) =>
      optionsOf(async () => {
        const { drawUsage } = await import('../../src/web/features/retention/echarts-usage.ts');
        drawUsage(
          element(),
          [{ day: markup, events: 10, bytes: 2048 }],
          { bytes: markup, events: markup },
          (bytes) => formatBytes(bytes, 'en-GB'),
        );
      }),
  ],
  'src/web/features/logs/echarts-map.ts': [
    (markup) =>
      optionsOf(async () => {
        const { drawAddressMap } = await import('../../src/web/features/logs/echarts-map.ts');
        drawAddressMap(
          element(),
          [{ address: markup, country: markup, coordinates: [24.9, 60.2], count: 3 }],
          markup,
        );
      }),
  ],
  'src/web/admin/machines/echarts-machine.ts': [
    (markup) =>
      optionsOf(async () => {
        const { drawMachine } = await import('../../src/web/admin/machines/echarts-machine.ts');
        drawMachine(
          element(),
          { initial: markup, transitions: [{ from: markup, event: markup, to: `${markup}.Done` }] },
          { events: markup },
        );
      }),
  ],
  'src/web/features/logs/echarts-bars.ts': [
    (markup) =>
      optionsOf(async () => {
        const { drawBars } = await import('../../src/web/features/logs/echarts-bars.ts');
        drawBars(element(), {
          from: markup,
          to: markup,
          interval: markup,
          buckets: [{ time: markup, count: 4 }],
        } as never);
      }),
    (markup) =>
      optionsOf(async () => {
        const { drawFirings } = await import('../../src/web/features/logs/echarts-bars.ts');
        drawFirings(element(), [{ time: markup, fired: 1, suppressed: 2 }], {
          fired: markup,
          suppressed: markup,
        });
      }),
  ],
};

/** Files under `dir` whose source hands options to ECharts. */
function chartSources(dir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...chartSources(path));
    else if (/\.tsx?$/.test(name) && /\.setOption\(/.test(readFileSync(path, 'utf8'))) found.push(path);
  }
  return found;
}

/** Every function an option holds under `formatter` or `valueFormatter`, with where it is. */
function formattersOf(
  value: unknown,
  path = 'option',
): { path: string; format: (...args: unknown[]) => unknown }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => formattersOf(v, `${path}[${i}]`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, v]) =>
    typeof v === 'function' && (key === 'formatter' || key === 'valueFormatter')
      ? [{ path: `${path}.${key}`, format: v as (...args: unknown[]) => unknown }]
      : formattersOf(v, `${path}.${key}`),
  );
}

/** Every `tooltip` object an option holds, with where it is. */
function tooltipsOf(value: unknown, path = 'option'): { path: string; tooltip: Record<string, unknown> }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => tooltipsOf(v, `${path}[${i}]`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, v]) => [
    ...(key === 'tooltip' && typeof v === 'object' && v !== null
      ? [{ path: `${path}.tooltip`, tooltip: v as Record<string, unknown> }]
      : []),
    ...tooltipsOf(v, `${path}.${key}`),
  ]);
}

/** What ECharts passes a formatter, with markup in every text it carries. */
function paramsWith(markup: string) {
  const point = (seriesIndex: number) => ({
    componentType: 'series',
    name: markup,
    seriesName: markup,
    seriesIndex,
    dataIndex: 0,
    value: [markup, markup, 3],
    data: { name: markup, value: [markup, markup, 3] },
    axisValue: markup,
    axisValueLabel: markup,
    marker: '',
  });
  // An axis label's value, one item's tooltip, an axis tooltip's items, a plain number.
  return [markup, point(0), [point(0), point(1)], 42];
}

/** The elements `html` would make if ECharts put it in the page. */
function elementsIn(html: string): string[] {
  const template = document.createElement('template');
  template.innerHTML = html;
  return [...template.content.querySelectorAll('*')].map((e) => e.tagName.toLowerCase());
}

const textOf = (html: string) => {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content.textContent ?? '';
};

beforeAll(() => {
  // The dashboard's chart watches its box with a ResizeObserver, which a test DOM may lack.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

describe('chart text', () => {
  it('escapes what HTML would read as markup, and nothing else', () => {
    expect(escapeHtml(IMG)).toBe('&lt;img src=x onerror=alert(1)&gt;');
    expect(escapeHtml(`"a" & 'b'`)).toBe('&quot;a&quot; &amp; &#39;b&#39;');
    expect(escapeHtml(null)).toBe('');
    expect(elementsIn(tooltipHtml(BOLD, [{ label: IMG, value: BOLD }]))).toEqual(['strong', 'br']);
    expect(textOf(tooltipHtml(BOLD, [{ label: IMG, value: BOLD }]))).toBe(`${BOLD}${IMG}: ${BOLD}`);
  });
});

describe('every chart of the console shows markup from its data as text', () => {
  it('lists every file that draws a chart', () => {
    const root = join(__dirname, '../..');
    const sources = chartSources(join(root, 'src/web')).map((p) => relative(root, p).replaceAll('\\', '/'));
    expect(sources.sort()).toEqual(Object.keys(CHARTS).sort());
    for (const [file, drawers] of Object.entries(CHARTS)) {
      const calls = readFileSync(join(root, file), 'utf8').match(/\.setOption\(/g) ?? [];
      expect(drawers.length, `${file} draws ${calls.length} charts`).toBe(calls.length);
    }
  });

  for (const [file, drawers] of Object.entries(CHARTS)) {
    drawers.forEach((draw, index) => {
      for (const markup of MARKUPS) {
        it(`${file} #${index + 1}: no formatter turns ${markup} into an element`, async () => {
          const options = await draw(markup);
          expect(options.length).toBeGreaterThan(0);
          for (const option of options) {
            const tooltips = tooltipsOf(option);
            expect(tooltips.length, 'the chart has a tooltip').toBeGreaterThan(0);
            for (const { path, tooltip } of tooltips)
              expect(typeof tooltip.formatter, `${path} has its own formatter`).toBe('function');
            for (const { path, format } of formattersOf(option)) {
              for (const params of paramsWith(markup)) {
                const out = format(params);
                if (typeof out !== 'string') continue;
                expect(
                  elementsIn(out).filter((tag) => tag !== 'br' && tag !== 'strong'),
                  path,
                ).toEqual([]);
              }
            }
            // What the tooltip says of a point shows the markup as the text it was.
            const [tooltip] = tooltips;
            const said = (tooltip!.tooltip.formatter as (p: unknown) => string)(paramsWith(markup)[1]);
            expect(textOf(said), `${file} tooltip`).toContain(markup);
          }
        });
      }
    });
  }
});
