import { DEFAULT_REPORT_LOCALE, isReportLocale, labelsFor, type ReportLabels } from './labels.ts';

/** How figures are printed in one language: counts, durations, sizes and a period's months. */
export interface Formats {
  /** `12,345` (en), `12.345` (de), `12 345` (fi). */
  count(n: number): string;
  /** Days, hours, minutes: `1 d 2 h`, `3 h 5 min`, `42 s`; unknown as an en dash. */
  duration(seconds: number | null): string;
  bytes(bytes: number): string;
  /** A period's label: its months (`March 2025 – May 2025`), else its first and last day. */
  period(period: { start: string; end: string; label: string }): string;
  /** An instant as the reader's clock shows it: date, time and the zone's name (`1 Nov 2026, 07:00 CET`). */
  moment(at: Date, timeZone: string): string;
  /** An event's time to the second on the reader's clock, with the zone's name (`01/11/2026, 07:00:05 CET`). */
  eventTime(at: Date, timeZone: string): string;
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

export function formatsFor(locale: string | null | undefined): Formats {
  const labels: ReportLabels = labelsFor(locale);
  const tag = isReportLocale(locale) ? locale : DEFAULT_REPORT_LOCALE;
  const number = new Intl.NumberFormat(tag);
  const decimal = new Intl.NumberFormat(tag, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const month = new Intl.DateTimeFormat(tag, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const u = labels.units;
  return {
    count: (n) => number.format(n),
    duration(seconds) {
      if (seconds === null) return '–';
      if (seconds < 60) return `${seconds} ${u.second}`;
      const minutes = Math.round(seconds / 60);
      if (minutes < 60) return `${minutes} ${u.minute}`;
      const hours = Math.floor(minutes / 60);
      if (hours < 24) return `${hours} ${u.hour} ${minutes % 60} ${u.minute}`;
      return `${Math.floor(hours / 24)} ${u.day} ${hours % 24} ${u.hour}`;
    },
    bytes(bytes) {
      let value = bytes;
      let unit = 0;
      while (value >= 1000 && unit < UNITS.length - 1) {
        value /= 1000;
        unit += 1;
      }
      return `${unit === 0 ? number.format(value) : decimal.format(value)} ${UNITS[unit]}`;
    },
    moment(at, timeZone) {
      return new Intl.DateTimeFormat(tag, {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        timeZone,
        timeZoneName: 'short',
      }).format(at);
    },
    eventTime(at, timeZone) {
      return new Intl.DateTimeFormat(tag, {
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
        timeZone,
        timeZoneName: 'short',
      }).format(at);
    },
    period(period) {
      const first = new Date(`${period.start}T00:00:00Z`);
      const last = new Date(`${period.end}T00:00:00Z`);
      const dayAfter = new Date(last);
      dayAfter.setUTCDate(last.getUTCDate() + 1);
      // Whole months (a target month and the two before): named in the language; else as given.
      if (first.getUTCDate() === 1 && dayAfter.getUTCDate() === 1)
        return `${month.format(first)} – ${month.format(last)}`;
      return period.label;
    },
  };
}
