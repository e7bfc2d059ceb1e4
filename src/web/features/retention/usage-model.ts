import type { UsageDay } from './api.ts';

const DAY = 86_400_000;

/** The first UTC day (YYYY-MM-DD) still kept by a retention of `days`, today included. */
export function firstKeptDay(days: number, now = Date.now()): string {
  return new Date(Math.floor(now / DAY) * DAY - (days - 1) * DAY).toISOString().slice(0, 10);
}

/**
 * What shortening a retention from `from` to `to` days deletes: the metered usage of the days
 * the old retention kept and the new one does not. `days` must reach back `from` days.
 */
export function deletedByShortening(days: readonly UsageDay[], from: number, to: number, now = Date.now()) {
  const oldFirst = firstKeptDay(from, now);
  const newFirst = firstKeptDay(to, now);
  let events = 0;
  let bytes = 0;
  for (const day of days) {
    if (day.day >= oldFirst && day.day < newFirst) {
      events += day.events;
      bytes += day.bytes;
    }
  }
  return { events, bytes, before: newFirst };
}

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** Bytes in the reader's language with a unit per 1000 (the console counts in K, M, G, T). */
export function formatBytes(bytes: number, language: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: UNITS[unit],
    // Whole bytes in words ('0 bytes', '1 byte': the short form never takes a plural); kB and up short.
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}
