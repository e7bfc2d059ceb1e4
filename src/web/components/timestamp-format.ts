/**
 * The user's timestamp_format attribute (spec 1, section 3): local, UTC, relative, or a fixed
 * offset from UTC written hh:mm with an optional sign (02:00, -05:30, +09:45).
 */
export type TimestampFormat =
  | { mode: 'local' }
  | { mode: 'UTC' }
  | { mode: 'relative' }
  | { mode: 'offset'; offset: string; minutes: number };

// The contract's pattern for UserAttributes.timestamp_format, hh:mm up to 23:59. Every timestamp
// on every screen is drawn through here, so it does not pull the whole contract's rules into the
// first page load; tests/web/shell-profile.test.tsx proves it accepts exactly what the rule does.
const OFFSET = /^([+-])?([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes east of UTC for an hh:mm offset the contract accepts (up to 23:59 either way), else null. */
export function parseOffset(text: string): number | null {
  const trimmed = text.trim();
  const match = OFFSET.exec(trimmed);
  if (!match) return null;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return (match[1] === '-' ? -1 : 1) * minutes;
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

// Creating an Intl formatter costs far more than formatting with one, and a list repaints dozens
// of timestamps per keystroke: keep one formatter per locale (and time zone).
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

function dateTimeFormat(locale: string, timeZone: 'UTC' | undefined): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone ?? ''}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, timeZone ? { ...DATE_TIME, timeZone } : DATE_TIME);
    dateTimeFormats.set(key, format);
  }
  return format;
}

function relativeFormat(locale: string): Intl.RelativeTimeFormat {
  let format = relativeFormats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    relativeFormats.set(locale, format);
  }
  return format;
}

function relative(ms: number, now: number, locale: string): string {
  const seconds = Math.round((ms - now) / 1000);
  const format = relativeFormat(locale);
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

/** Offset label of a fixed-offset format, e.g. UTC+02:00. */
function offsetLabel(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

function formatAbsolute(ms: number, format: TimestampFormat, locale: string): string {
  switch (format.mode) {
    case 'UTC':
      return `${dateTimeFormat(locale, 'UTC').format(ms)} UTC`;
    case 'offset':
      return `${dateTimeFormat(locale, 'UTC').format(ms + format.minutes * 60_000)} ${offsetLabel(format.minutes)}`;
    default:
      return dateTimeFormat(locale, undefined).format(ms);
  }
}

// Absolute timestamps do not change with the clock: a list scrolled or filtered back and forth
// shows the same ones again. Bounded, as 100 000 rows hold up to 200 000 of them.
const CACHE_LIMIT = 5_000;
const formatted = new Map<string, string>();

/** A timestamp as the user wants to read it. */
export function formatTimestamp(iso: string, format: TimestampFormat, now: number, locale: string): string {
  if (format.mode === 'relative') {
    const ms = Date.parse(iso);
    return Number.isNaN(ms) ? iso : relative(ms, now, locale);
  }
  const key = `${locale}|${format.mode === 'offset' ? format.minutes : format.mode}|${iso}`;
  let text = formatted.get(key);
  if (text === undefined) {
    const ms = Date.parse(iso);
    text = Number.isNaN(ms) ? iso : formatAbsolute(ms, format, locale);
    if (formatted.size >= CACHE_LIMIT) formatted.clear();
    formatted.set(key, text);
  }
  return text;
}
