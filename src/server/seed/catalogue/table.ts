/** Catalogue rows are written as `a | b | c` strings so a data table reads as one line per entry. */
export function cells(row: string): string[] {
  return row.split('|').map((cell) => cell.trim());
}

/** `a,b,c` inside a cell. */
export function list(cell: string | undefined): string[] {
  return (cell ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** Space-separated words: a long list of single-word names stays on a few lines. */
export function words(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

/** `name:weight name:weight …` → weighted entries for Rng.weighted. */
export function weights<T extends string>(text: string): [T, number][] {
  return words(text).map((entry) => {
    const [name = '', weight = '1'] = entry.split(':');
    return [name as T, Number(weight)];
  });
}
