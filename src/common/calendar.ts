/**
 * The instants the product stores and names by day: the years 1 to 9999 (UTC), the range of a
 * four-digit ISO date. The event store's day partitions are named by such dates, and a time
 * outside them has no day a person could read either.
 */
export const EARLIEST_INSTANT = Date.parse('0001-01-01T00:00:00.000Z');
export const LATEST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');

/** Whether the date is a real instant within the years 1 to 9999 (UTC). */
export function withinCalendar(date: Date): boolean {
  const time = date.getTime();
  return time >= EARLIEST_INSTANT && time <= LATEST_INSTANT;
}

/** The reason given when a time is refused for lying outside that range. */
export const OUTSIDE_CALENDAR = 'is not a time between the years 1 and 9999 (UTC)';
