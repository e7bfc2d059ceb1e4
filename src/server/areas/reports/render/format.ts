const NUMBER = new Intl.NumberFormat('en-GB');

/** Counts as the PDF prints them (and as the golden test reads them back): `12,345`. */
export const formatCount = (n: number) => NUMBER.format(n);

/** A duration in seconds as days, hours, minutes: `1 d 2 h`, `3 h 5 min`, `42 s`; unknown as an en dash. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '–';
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${UNITS[unit]}`;
}
