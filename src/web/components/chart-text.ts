/**
 * Text handed to ECharts. Its tooltips are HTML: whatever a formatter returns becomes markup in
 * the page, so a city, customer name or alert type that agents, logs or customers wrote must be
 * escaped on its way in. Axis labels, legends and series names are drawn on the canvas and take
 * plain text. Every chart's tooltip is built here, never by ECharts' default formatter.
 */

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Any value as text that HTML shows as written: no element, no attribute, no entity. */
export function escapeHtml(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

/** One line of a tooltip: a label (none for a chart of one series) and its value, shown as written. */
export interface TooltipLine {
  label?: unknown;
  value: unknown;
}

/**
 * A tooltip's HTML: an optional heading line, then `label: value` lines, every part escaped.
 * The only markup is the line breaks and the heading's weight, written here.
 */
export function tooltipHtml(heading: unknown, lines: readonly TooltipLine[]): string {
  const parts: string[] = [];
  if (heading !== null && heading !== undefined && heading !== '')
    parts.push(`<strong>${escapeHtml(heading)}</strong>`);
  for (const line of lines) {
    const value = escapeHtml(line.value);
    parts.push(
      line.label === null || line.label === undefined ? value : `${escapeHtml(line.label)}: ${value}`,
    );
  }
  return parts.join('<br>');
}

/** What ECharts passes a tooltip formatter for one item (trigger 'item') or each item (trigger 'axis'). */
export interface TooltipParam {
  name?: unknown;
  seriesName?: unknown;
  seriesIndex?: unknown;
  dataIndex?: unknown;
  value?: unknown;
  axisValueLabel?: unknown;
}

/** The params of a tooltip formatter as a list, whichever trigger called it. */
export const tooltipParams = (params: unknown): TooltipParam[] =>
  (Array.isArray(params) ? params : [params]).filter(
    (p): p is TooltipParam => typeof p === 'object' && p !== null,
  );

/** The value of a point: the last coordinate of `[x, y]` data, else the value itself. */
export const pointValue = (value: unknown): unknown => (Array.isArray(value) ? value.at(-1) : value);
