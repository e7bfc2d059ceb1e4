/**
 * The user's timestamp_format attribute (spec 1, section 3): local, UTC, relative, or a fixed
 * offset from UTC written hh:mm with an optional sign (02:00, -05:30, +09:45).
 */
export type TimestampFormat =
  | { mode: 'local' }
  | { mode: 'UTC' }
  | { mode: 'relative' }
  | { mode: 'offset'; offset: string; minutes: number };

const OFFSET = /^([+-])?(\d{2}):(\d{2})$/;

/** Minutes east of UTC for a valid hh:mm offset (at most 14:00, minutes below 60), else null. */
export function parseOffset(text: string): number | null {
  const match = OFFSET.exec(text.trim());
  if (!match) return null;
  const hours = Number(match[2]);
  const minutes = Number(match[3]);
  if (minutes >= 60 || hours * 60 + minutes > 14 * 60) return null;
  return (match[1] === '-' ? -1 : 1) * (hours * 60 + minutes);
}

export function parseTimestampFormat(value: unknown): TimestampFormat {
  if (value === 'UTC' || value === 'relative' || value === 'local') return { mode: value };
  if (typeof value === 'string') {
    const minutes = parseOffset(value);
    if (minutes !== null) return { mode: 'offset', offset: value.trim(), minutes };
  }
  return { mode: 'local' };
}

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

function relative(ms: number, now: number, locale: string): string {
  const seconds = Math.round((ms - now) / 1000);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['year', 31_536_000],
    ['month', 2_592_000],
    ['week', 604_800],
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(seconds, 'second');
}

/** A timestamp as the user wants to read it. */
export function formatTimestamp(iso: string, format: TimestampFormat, now: number, locale: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  switch (format.mode) {
    case 'local':
      return new Intl.DateTimeFormat(locale, DATE_TIME).format(ms);
    case 'UTC':
      return `${new Intl.DateTimeFormat(locale, { ...DATE_TIME, timeZone: 'UTC' }).format(ms)} UTC`;
    case 'relative':
      return relative(ms, now, locale);
    case 'offset': {
      const shifted = ms + format.minutes * 60_000;
      const sign = format.minutes < 0 ? '-' : '+';
      const abs = Math.abs(format.minutes);
      const label = `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
      return `${new Intl.DateTimeFormat(locale, { ...DATE_TIME, timeZone: 'UTC' }).format(shifted)} ${label}`;
    }
  }
}
