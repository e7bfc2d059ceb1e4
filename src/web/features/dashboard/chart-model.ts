/**
 * What every dashboard chart draws and its table view lists: categories (the x axis, or table
 * rows) and series (stacked or side by side bars, or table columns), and where each point leads.
 */
export interface ChartSeries {
  key: string;
  label: string;
  /** One value per category; null where there is none (a median of no alerts). */
  values: (number | null)[];
  /** A CSS colour variable's name or a colour. */
  colour: string;
}

export interface ChartModel {
  categories: string[];
  series: ChartSeries[];
  stacked: boolean;
  /** How a value reads (counts, durations, bytes). */
  format(value: number): string;
  /** The filtered list behind a point, or null when there is none. */
  href(category: number, series: number): string | null;
}

/** Every point of the model, category by category, series by series: the keyboard's order. */
export function pointCount(model: ChartModel): number {
  return model.categories.length * model.series.length;
}

export function pointAt(model: ChartModel, index: number): { category: number; series: number } {
  const width = model.series.length;
  return { category: Math.floor(index / width), series: index % width };
}

export function isEmpty(model: ChartModel): boolean {
  return model.categories.length === 0 || model.series.every((s) => s.values.every((v) => !v));
}
