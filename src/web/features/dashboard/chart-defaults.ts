/**
 * The chart defaults of spec 1, section 9: text grey, font size 14, arc border width 0, point
 * radius 2, hit radius 15, linear scale step 1 and minimum 0, at most 8 ticks, responsive.
 * ECharts has no hit radius: points take a 15 px hover area through the tooltip's axis pointer
 * (bars) and a symbol that grows to the hit radius on emphasis (lines).
 */
export const CHART_DEFAULTS = {
  textColour: 'grey',
  fontSize: 14,
  arcBorderWidth: 0,
  pointRadius: 2,
  hitRadius: 15,
  scaleStep: 1,
  scaleMin: 0,
  maxTicks: 8,
} as const;
